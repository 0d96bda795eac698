/** The numbers orders and their batches are given, each from a platform-wide sequence. */
import type { Db } from '../../db/index.ts';
import { nextSequence } from '../../db/sequences.ts';

/** Order numbers: PP + yymmdd + a 7-digit platform-wide sequence. */
export async function newOrderNo(db: Db): Promise<string> {
  return orderNoOf(await nextSequence(db, 'order_no'));
}

/** The order number of the order sequence's `serial`, today. */
export function orderNoOf(serial: number): string {
  const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
  return `PP${day}${String(serial).padStart(7, '0')}`;
}

/** A batch of drafts brought in together (an import, a store's sync): B + yyyymmdd + a 5-digit sequence. */
export async function newBatchNo(db: Db): Promise<string> {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `B${day}${String(await nextSequence(db, 'import_batch')).padStart(5, '0')}`;
}
