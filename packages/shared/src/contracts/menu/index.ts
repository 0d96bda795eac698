/** The menu from the server (settings → menuFromServer): the route table filtered by the caller's codes. */
export * from './get-menu.ts';
export * from './schemas.ts';
