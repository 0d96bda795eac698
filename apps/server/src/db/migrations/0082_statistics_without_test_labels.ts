import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { Kysely } from 'kysely';
import { rebuildLabelDayTotals } from './0043_report_currency.ts';

/**
 * Test labels are never statistics (issue 31: test and live keys): the day totals of 0043 counted a test
 * label as a label (of 0 sales). They are made again from the live labels only, with triggers that also
 * follow `is_test`, in the migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildLabelDayTotals(db, {
    paid: `{status} IN (${LABEL_PAID_STATUSES.join(', ')}) AND {label_created_at} IS NOT NULL AND {is_test} = 0`,
    followed: 'status, rate, insurance_fee, label_created_at, user_id, currency, is_test',
  });
}
