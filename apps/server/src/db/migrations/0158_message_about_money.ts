import { type Kysely, sql } from 'kysely';

/**
 * A message about the account's money (a recharge credited or refused, a balance adjusted, a carrier bill
 * charged or a dispute answered): a team member without the `money` permission does not read it (issue 30,
 * modules/messages/repo.ts). Messages written before are marked by their title's catalogue key.
 */
const ABOUT_MONEY_TITLES = [
  'msgRechargeApprovedTitle',
  'msgRechargeRejectedTitle',
  'msgAdjustmentTitle',
  'msgBillVoidedChargedTitle',
  'msgBillDisputeAcceptedTitle',
  'msgBillDisputeRejectedTitle',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_messages')
    .addColumn('about_money', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update user_messages set about_money = 1 where title_key in (${sql.join(ABOUT_MONEY_TITLES)})`.execute(db);
}
