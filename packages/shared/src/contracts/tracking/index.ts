/** Tracking: parcels by tracking number, subscriptions, the tracking provider's push (docs/api.md). */
export * from './carrier-webhook.ts';
export * from './public-page.ts';
export * from './schemas.ts';
export * from './subscribe-tracking.ts';
export * from './track-parcels.ts';
export * from './track17-webhook.ts';
