/** A sender and a recipient whose ZIP, city and state agree: the parties of the orders tests make. */
export const SENDER = {
  personName: 'Ada Shipper',
  phone: '310-555-0100',
  countryCode: 'US',
  stateCode: 'CA',
  city: 'Beverly Hills',
  addressLine1: '9450 Wilshire Blvd',
  zipCode: '90210',
};
export const RECIPIENT = {
  personName: 'Grace Buyer',
  phone: '212-555-0199',
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1: '350 5th Ave',
  zipCode: '10118',
};
