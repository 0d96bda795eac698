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

/** A US party of the given name at the given ZIP, city and state (street and phone as the sender's). */
export const usParty = (personName: string, zipCode: string, city: string, stateCode: string) => ({
  ...SENDER,
  personName,
  zipCode,
  city,
  stateCode,
});
