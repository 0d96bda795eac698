import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Jobs that are one task (a webhook delivery) are retried with backoff: `attempts` counts the claims of
  // the job, `run_after` holds a retried job back until its backoff has passed.
  await db.schema
    .alterTable('jobs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('jobs').addColumn('run_after', 'bigint').execute();

  // What the outbox API shows: the body with its codes and links masked. `body` keeps the whole mail only
  // while no SMTP server has taken it (see modules/mail/mailer.ts); null for mails from before this column.
  await db.schema.alterTable('mail_outbox').addColumn('redacted_body', 'text').execute();
}
