/** A merchant's (seller's, proxy's) brand and the notices its recipients are mailed (issue 28). */
export * from './brand.ts';
export * from './notices.ts';
export * from './schemas.ts';
