/** Address checks, the city of a ZIP and the paid zone lookup; the one address shape every contract uses. */
export * from './address-correction.ts';
export * from './get-city.ts';
export * from './query-zone.ts';
export * from './schemas.ts';
export * from './validate-address.ts';
export * from './validate-order-addresses.ts';
