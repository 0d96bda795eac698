/** Roles and the resource codes they grant. */
export * from './list-roles.ts';
export * from './manage-roles.ts';
export * from './schemas.ts';
