/** Account management: customers under /admin, employees under /staff (one contract per family). */
export * from './build-user-token.ts';
export * from './get-user.ts';
export * from './list-users.ts';
export * from './schemas.ts';
export * from './update-seller.ts';
export * from './update-user-roles.ts';
export * from './update-user-status.ts';
