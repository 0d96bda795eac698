import type { Db } from './index.ts';

/**
 * Reserves `count` consecutive numbers of a named sequence and returns the first. One atomic UPDATE …
 * RETURNING, so app instances sharing a database never hand out the same number.
 */
export async function nextSequence(db: Db, name: string, count = 1, start = 1): Promise<number> {
  for (;;) {
    const row = await db
      .updateTable('sequences')
      .set((eb) => ({ value: eb('value', '+', count) }))
      .where('name', '=', name)
      .returning('value')
      .executeTakeFirst();
    if (row) return row.value - count + 1;
    await db
      .insertInto('sequences')
      .values({ name, value: start - 1 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}
