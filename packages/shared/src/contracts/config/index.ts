/** System configuration (docs/api.md): the run-time settings, their change history, the SMTP test mail. */
export * from './checklists.ts';
export * from './list-config.ts';
export * from './list-config-changes.ts';
export * from './platform-values.ts';
export * from './registration-mode.ts';
export * from './schemas.ts';
export * from './settings.ts';
export * from './test-mail.ts';
export * from './update-config.ts';
