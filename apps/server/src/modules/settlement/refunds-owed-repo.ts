/**
 * The refunds carriers owe (`/maintenance/unRefundedOrder`): labels voided at their carrier whose refund
 * has not come (asked, pending or refused), with when they were voided, their age, and the total per
 * channel, and aged for a channel's reconciliation (docs/bills.md). Read-only; carrier-refunds.ts follows
 * them up.
 */
import { DAY_MS, formatCents, ORDER_STATUS } from '@parcelport/shared';
import { REFUND_AGE_BUCKETS, type RefundAgeBucket } from '@parcelport/shared/contracts/bills/index';
import {
  type CarrierRefundOwed,
  DEFAULT_REFUND_WINDOW_DAYS,
  OWED_CARRIER_REFUNDS,
} from '@parcelport/shared/contracts/orders/list-carrier-refunds-owed';
import { sql } from 'kysely';
import { refundWindowOf } from '../../carriers/upstream/refunds.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { asBigint } from '../../db/typed.ts';
import { withinScope } from '../orders/index.ts';

export interface RefundsOwedFilter {
  state?: (typeof OWED_CARRIER_REFUNDS)[number] | undefined;
  channelId?: number | undefined;
}

/** Each channel's refund window in days (its `refundWindowDays`), by channel id: channels are few. */
async function refundWindows(db: Db): Promise<Map<number, number>> {
  const channels = await db.selectFrom('channels').select(['id', 'settings']).execute();
  return new Map(channels.map((channel) => [channel.id, refundWindowOf(JSON.parse(channel.settings))]));
}

const windowOf = (windows: Map<number, number>, channelId: number | null) =>
  (channelId === null ? undefined : windows.get(channelId)) ?? DEFAULT_REFUND_WINDOW_DAYS;

/**
 * In SQL, when a void of the order's channel becomes overdue: now less the channel's window. The times are
 * bound, cast to bigint so that PostgreSQL types the CASE; inlined, every call would be a statement of its
 * own, and each would take one of the statements a process prepares (db/index.ts).
 */
function overdueBefore(windows: Map<number, number>, now: number) {
  const cases = [...windows]
    .filter(([, days]) => days !== DEFAULT_REFUND_WINDOW_DAYS)
    .map(([id, days]) => sql`when ${sql.ref('orders.channel_id')} = ${id} then ${asBigint(now - days * DAY_MS)}`);
  const otherwise = asBigint(now - DEFAULT_REFUND_WINDOW_DAYS * DAY_MS);
  return cases.length === 0
    ? sql<number>`${otherwise}`
    : sql<number>`case ${sql.join(cases, sql` `)} else ${otherwise} end`;
}

/**
 * The owed refunds within the scope and filter, joined to when each label was voided and its channel: of live
 * labels only, as a carrier owes nothing for a test label and money lists never hold test ones (issue 31).
 */
function owed(db: Db, scope: Scope, filter: RefundsOwedFilter) {
  const voids = db
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.max('created_at').as('voided_at')])
    .where('status', '=', ORDER_STATUS.cancelling)
    .groupBy('order_id')
    .as('voids');
  return db
    .selectFrom('orders')
    .leftJoin(voids, 'voids.order_id', 'orders.id')
    .leftJoin('channels', 'channels.id', 'orders.channel_id')
    .where('orders.carrier_refund', 'in', filter.state ? [filter.state] : [...OWED_CARRIER_REFUNDS])
    .where('orders.is_test', '=', 0)
    .$if(filter.channelId !== undefined, (qb) => qb.where('orders.channel_id', '=', filter.channelId as number))
    .$call((qb) => withinScope(qb, scope));
}

export async function listRefundsOwed(
  db: Db,
  scope: Scope,
  filter: RefundsOwedFilter,
  page: number,
  pageSize: number,
  now = Date.now(),
) {
  const windows = await refundWindows(db);
  const [rows, count, byChannel] = await Promise.all([
    owed(db, scope, filter)
      .select([
        'orders.id',
        'orders.order_no',
        'orders.user_id',
        'orders.channel_id',
        'channels.name as channel_name',
        'orders.carrier_code',
        'orders.service_name',
        'orders.tracking_no',
        'orders.carrier_refund',
        'orders.carrier_refund_note',
        'orders.cost',
        'orders.refunded_at',
        'voids.voided_at',
      ])
      .orderBy('voids.voided_at')
      .orderBy('orders.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    owed(db, scope, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    owed(db, scope, filter)
      .select((eb) => [
        'orders.channel_id',
        eb.fn.max('channels.name').as('channel_name'),
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('orders.cost').as('cost'),
        eb.fn.min('voids.voided_at').as('oldest_at'),
        eb.fn
          .sum<number>(eb.case().when('voids.voided_at', '<', overdueBefore(windows, now)).then(1).else(0).end())
          .as('overdue'),
      ])
      .groupBy('orders.channel_id')
      .orderBy('orders.channel_id')
      .execute(),
  ]);
  const list = rows.map((row): CarrierRefundOwed => {
    const voidedAt = row.voided_at === null ? null : Number(row.voided_at);
    const windowDays = windowOf(windows, row.channel_id);
    return {
      id: row.id,
      orderNo: row.order_no,
      userId: row.user_id,
      channelId: row.channel_id,
      channelName: row.channel_name ?? '',
      carrierCode: row.carrier_code,
      serviceName: row.service_name,
      trackingNo: row.tracking_no,
      carrierRefund: row.carrier_refund as CarrierRefundOwed['carrierRefund'],
      carrierRefundNote: row.carrier_refund_note,
      cost: formatCents(row.cost ?? 0),
      voidedAt: isoTime(voidedAt),
      ageDays: voidedAt === null ? 0 : Math.floor((now - voidedAt) / DAY_MS),
      windowDays,
      overdue: voidedAt !== null && voidedAt < now - windowDays * DAY_MS,
      merchantRefundedAt: isoTime(row.refunded_at),
    };
  });
  return {
    list,
    total: Number(count.total),
    byChannel: byChannel.map((row) => ({
      channelId: row.channel_id,
      channelName: row.channel_name ?? '',
      count: Number(row.count),
      cost: formatCents(Number(row.cost ?? 0)),
      oldestAt: isoTime(row.oldest_at === null ? null : Number(row.oldest_at)),
      windowDays: windowOf(windows, row.channel_id),
      overdue: Number(row.overdue ?? 0),
    })),
  };
}

/** Each bucket's ages in days since the void (floored), from and to (null: no end). */
const BUCKET_DAYS: Record<RefundAgeBucket, [number, number | null]> = {
  days0to7: [0, 7],
  days8to14: [8, 14],
  days15to30: [15, 30],
  over30: [31, null],
};

/**
 * What a channel's carrier owes now for labels voided and not refunded, in all and by age since the void
 * (a void of unknown time counts as new), and those past the channel's refund window (as the list above
 * flags them): for the reconciliation.
 */
export async function agedRefundsOwed(db: Db, channelId: number, now = Date.now()) {
  const windowDays = windowOf(await refundWindows(db), channelId);
  const row = await owed(db, {}, { channelId })
    .select((eb) => {
      const cost = eb.fn.coalesce('orders.cost', eb.lit(0));
      const voidedAt = eb.ref('voids.voided_at');
      const sumsOf = (name: string, when: ReturnType<typeof eb.and>) => [
        eb.fn.sum<number>(eb.case().when(when).then(1).else(0).end()).as(`${name}_count`),
        eb.fn.sum<number>(eb.case().when(when).then(cost).else(0).end()).as(`${name}_amount`),
      ];
      // Aged `from` days or more: voided `from` days ago or before; `to` days or less: after `to + 1` days ago.
      const aged = ([from, to]: [number, number | null]) =>
        eb.and([
          ...(from === 0 ? [] : [eb(voidedAt, '<=', now - from * DAY_MS)]),
          ...(to === null ? [] : [eb.or([eb(voidedAt, 'is', null), eb(voidedAt, '>', now - (to + 1) * DAY_MS)])]),
        ]);
      return [
        eb.fn.countAll<number>().as('total_count'),
        eb.fn.sum<number>(cost).as('total_amount'),
        ...sumsOf('overdue', eb.and([eb(voidedAt, '<', now - windowDays * DAY_MS)])),
        ...REFUND_AGE_BUCKETS.flatMap((bucket) => sumsOf(bucket, aged(BUCKET_DAYS[bucket]))),
      ];
    })
    .executeTakeFirstOrThrow();
  const sums = row as Record<string, unknown>;
  const figure = (name: string) => ({
    count: Number(sums[`${name}_count`] ?? 0),
    amount: formatCents(Number(sums[`${name}_amount`] ?? 0)),
  });
  return {
    windowDays,
    total: figure('total'),
    overdue: figure('overdue'),
    buckets: Object.fromEntries(REFUND_AGE_BUCKETS.map((bucket) => [bucket, figure(bucket)])) as Record<
      RefundAgeBucket,
      ReturnType<typeof figure>
    >,
  };
}
