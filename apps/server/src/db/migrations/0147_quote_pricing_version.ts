import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * What a customer pays also hangs on users (issue 13, modules/pricing: loadCustomerPricing): the proxy a
 * customer belongs to (`owner_id`), that proxy's markup (`proxy_percent_bp`, `proxy_fixed_cents`) and its
 * proxy role (`user_roles`). Quote reads are kept per `catalogue` version (0020, lib/catalogue-memo.ts), so a
 * change of any of these raises it too, or a raised markup went unseen by quotes until something else in
 * the catalogue changed. Only those columns of users: a sign-in or a profile edit leaves the memo alone.
 */
const PROXY_COLUMNS = ['owner_id', 'proxy_percent_bp', 'proxy_fixed_cents'] as const;
const ROLE_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const BUMP_SQLITE = `INSERT INTO change_versions (scope, version) VALUES ('catalogue', 1)
  ON CONFLICT (scope) DO UPDATE SET version = version + 1;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql
      .raw(
        `CREATE TRIGGER users_catalogue_proxy AFTER UPDATE OF ${PROXY_COLUMNS.join(', ')} ON users BEGIN
           ${BUMP_SQLITE}
         END`,
      )
      .execute(db);
    for (const event of ROLE_EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER user_roles_catalogue_${event.toLowerCase()} AFTER ${event} ON user_roles BEGIN
             ${BUMP_SQLITE}
           END`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER users_catalogue_proxy AFTER UPDATE OF ${PROXY_COLUMNS.join(', ')} ON users
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version('catalogue')`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER user_roles_catalogue_version AFTER ${ROLE_EVENTS.join(' OR ')} ON user_roles
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version('catalogue')`,
    )
    .execute(db);
}
