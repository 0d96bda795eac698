/** System messages: staff write them for the platform, each reader has them in its centre. */
export * from './create-sys-message.ts';
export * from './delete-sys-messages.ts';
export * from './list-my-sys-messages.ts';
export * from './list-sent-sys-messages.ts';
export * from './mark-sys-messages-read.ts';
export * from './schemas.ts';
