/** Insurance claims (issue 28). */
export * from './decide-claim.ts';
export * from './file-claim.ts';
export * from './get-claim.ts';
export * from './list-claims.ts';
export * from './schemas.ts';
