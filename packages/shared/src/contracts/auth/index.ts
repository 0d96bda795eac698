/** Signing in and out. */
export * from './get-public-key.ts';
export * from './login.ts';
export * from './logout.ts';
