/** Uploaded files: recharge vouchers, work order attachments. */
export * from './get-attachment.ts';
export * from './schemas.ts';
export * from './upload-attachment.ts';
