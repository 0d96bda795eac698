/** The mail outbox: what the platform mailed or keeps, codes and reset links masked. */
export * from './list-outbox.ts';
export * from './schemas.ts';
