/**
 * The shared pace of each tracking provider's API (table provider_paces, 0140): one row per provider holding
 * when its next call may go out. Taking a turn is one conditional update, so instances racing for turns are
 * each given a turn of their own, `intervalMs` apart.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Answers when this call may go out (`now` or later) and moves the provider's next turn `intervalMs` past it. */
export async function takePaceTurn(db: Db, provider: string, intervalMs: number, now: number): Promise<number> {
  const take = () =>
    db
      .updateTable('provider_paces')
      .set({ next_at: sql<number>`(case when next_at > ${now} then next_at else ${now} end) + ${intervalMs}` })
      .where('provider', '=', provider)
      .returning('next_at')
      .executeTakeFirst();
  let taken = await take();
  if (!taken) {
    await db
      .insertInto('provider_paces')
      .values({ provider })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
    taken = await take();
  }
  return Number(taken?.next_at) - intervalMs;
}
