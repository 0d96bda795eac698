/** The face of modules/mail: what other rooms may use of it (docs/architecture.md). */
export { createMailer } from './mailer.ts';
export { declareModule } from './module.ts';
export { waitingMails } from './repo.ts';
export { mailRoutes } from './routes.ts';
export { smtpAnswerOf, smtpTargetOf, transportFor } from './smtp.ts';
