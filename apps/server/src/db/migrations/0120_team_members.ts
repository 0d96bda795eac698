import { type Kysely, sql } from 'kysely';
import { createTableWithId, isSqlite } from '../columns.ts';

/**
 * Team members (issue 30, modules/team): one row per person a merchant (`user_id`) invited, naming the
 * member's own account (`member_id`, kind 'member', signing in with its own password), the permissions
 * given (a JSON array), the invitation link (SHA-256 only) until it is accepted, and when it was. A member's
 * session is the merchant's with the member as actor, so the triggers of migration 0006 count a change of
 * a membership under `user:<merchant>`: a changed permission shows on the member's very next call.
 * The user log gains what a settings change was before and after (JSON), for the change history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'team_members')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('invite_hash', 'text', (c) => c.unique())
    .addColumn('invite_expires_at', 'bigint')
    .addColumn('invited_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .execute();
  await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute();
  await db.schema.alterTable('user_logs').addColumn('before', 'text').execute();
  await db.schema.alterTable('user_logs').addColumn('after', 'text').execute();
  if (isSqlite(db)) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      const row = event === 'DELETE' ? 'OLD' : 'NEW';
      await sql
        .raw(
          `CREATE TRIGGER team_members_version_${event.toLowerCase()} AFTER ${event} ON team_members BEGIN
             INSERT INTO change_versions (scope, version) VALUES ('user:' || ${row}.user_id, 1)
             ON CONFLICT (scope) DO UPDATE SET version = version + 1;
           END`,
        )
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER team_members_version AFTER INSERT OR UPDATE OR DELETE ON team_members
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version('user', 'user_id')`,
      )
      .execute(db);
  }
}
