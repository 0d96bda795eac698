/** The public site (issue 14): the contact form and the pages whose text the operator writes. */
export * from './contact.ts';
export * from './schemas.ts';
