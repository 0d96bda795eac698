/** The server's own secrets (`server_secrets`: one value per name, shared by every instance on one database). */
import type { Db } from '../../db/index.ts';

/** The secret kept under `name`, or undefined before one is kept. */
export async function secretValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Keeps `value` under `name` unless a secret is kept there already (the first one stored stays). */
export async function keepSecretOnce(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The secret kept under `name`; throws when there is none. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
