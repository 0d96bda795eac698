/** Settings → API: a merchant's webhook endpoints and their delivery log. */
export * from './deliveries.ts';
export * from './endpoints.ts';
export * from './schemas.ts';
