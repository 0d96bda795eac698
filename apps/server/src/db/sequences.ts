import { type Memo, memoize } from '../lib/memo.ts';
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

/** How many numbers a chunk of a batch job reserves at a time (a chunk is a few dozen orders). */
const BLOCK = 32;

/**
 * `count` consecutive numbers like nextSequence, but inside a chunk of a batch job (`memo`) taken from a
 * block reserved once for the chunk: one write to the shared sequence row per block instead of per order.
 * Numbers of a block the chunk does not use are skipped, never handed out twice.
 */
export async function nextSequenceIn(
  memo: Memo | undefined,
  db: Db,
  name: string,
  count = 1,
  start = 1,
): Promise<number> {
  if (!memo || count > BLOCK) return nextSequence(db, name, count, start);
  const key = `sequence:${name}`;
  for (;;) {
    const reserved = memoize(memo, key, async () => {
      const first = await nextSequence(db, name, BLOCK, start);
      return { next: first, end: first + BLOCK };
    });
    const block = await reserved;
    if (block.next + count <= block.end) {
      const first = block.next;
      block.next += count;
      return first;
    }
    // Used up: the next caller reserves a new block (unless another already did).
    if (memo.get(key) === reserved) memo.delete(key);
  }
}
