import { type Kysely, sql } from 'kysely';

/**
 * The remarks the platform writes on ledger rows become codes, shown in the reader's language
 * (modules/funds/remarks.ts): they were English words in every language. Only the rows of the types the
 * platform writes them on are changed; staff's own words (a recharge's, an adjustment's) stay as written.
 */
const CODES: [words: string, code: string, types: number[]][] = [
  ['refunded', 'refunded', [11]],
  ['billed', 'billed', [11]],
  ['wrong size or weight', 'wrongSize', [6]],
  ['carrier bill', 'carrierBill', [2, 4]],
  ['owed from a carrier bill', 'owedFromBill', [4]],
  ['bill dispute accepted', 'disputeAccepted', [2]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [words, code, types] of CODES)
    await sql`UPDATE balance_logs SET remark = ${code} WHERE remark = ${words} AND type IN (${sql.join(types)})`.execute(
      db,
    );
}
