/** The merchant's address book and package templates: every row belongs to the signed-in user. */
export * from './create-address.ts';
export * from './create-package-template.ts';
export * from './delete-addresses.ts';
export * from './delete-package-templates.ts';
export * from './get-address.ts';
export * from './list-addresses.ts';
export * from './list-package-templates.ts';
export * from './schemas.ts';
export * from './update-address.ts';
export * from './update-package-template.ts';
