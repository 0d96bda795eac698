/** System configuration (docs/api.md): key and value pairs such as the exchange rate. */
export * from './list-config.ts';
export * from './schemas.ts';
export * from './update-config.ts';
