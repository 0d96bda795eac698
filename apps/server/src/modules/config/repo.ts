import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/index.ts';

/**
 * The run-time settings staff changed (`configs`: one row per setting ever saved, its value as JSON under
 * `<group>.<name>`; a setting never saved has no row) and their change history (`config_changes`).
 */

export function configRows(db: Db) {
  return db.selectFrom('configs').select(['key', 'value']).execute();
}

/** The rows of `keys`, as the saving transaction reads them before it writes. */
export function configRowsOf(db: Db, keys: string[]) {
  return db.selectFrom('configs').select(['key', 'value']).where('key', 'in', keys).execute();
}

/**
 * Makes the transaction the only one saving settings until it ends (PostgreSQL; SQLite has one writer at a
 * time), so that the old value each change records is the one it replaced.
 */
export async function lockConfigs(db: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7221027)`.execute(db);
}

export async function saveConfigValue(db: Db, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('configs')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export interface ConfigChange {
  key: string;
  oldValue: string | null;
  newValue: string | null;
  secret: boolean;
  actorId: number | null;
}

export async function insertConfigChanges(db: Db, changes: ConfigChange[], now: number): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('config_changes')
    .values(
      changes.map((change) => ({
        key: change.key,
        old_value: change.oldValue,
        new_value: change.newValue,
        secret: change.secret ? 1 : 0,
        actor_id: change.actorId,
        created_at: now,
      })),
    )
    .execute();
}

/** A page of the change history, newest first, of one setting or all; each with its actor's name. */
export async function listConfigChanges(db: Db, filter: { key?: string | undefined; page: number; pageSize: number }) {
  const base = db
    .selectFrom('config_changes')
    .$if(filter.key !== undefined, (qb) => qb.where('config_changes.key', '=', filter.key as string));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'config_changes.actor_id')
      .select([
        'config_changes.id',
        'config_changes.key',
        'config_changes.old_value',
        'config_changes.new_value',
        'config_changes.secret',
        'config_changes.actor_id',
        'config_changes.created_at',
        'users.username as actor_name',
      ])
      .orderBy('config_changes.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
