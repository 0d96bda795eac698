/** The navbar message box: the newest messages by type, and mark-as-read. */
export * from './list-messages.ts';
export * from './list-todos.ts';
export * from './mark-messages-read.ts';
export * from './schemas.ts';
