/**
 * The refunds carriers owe (`/maintenance/unRefundedOrder`): labels voided at their carrier whose refund
 * has not come (asked, pending or refused), with when they were voided, their age, and the total per
 * channel. Read-only; carrier-refunds.ts follows them up.
 */
import { formatCents, ORDER_STATUS } from '@parcelport/shared';
import {
  CARRIER_REFUND_OVERDUE_DAYS,
  type CarrierRefundOwed,
  OWED_CARRIER_REFUNDS,
} from '@parcelport/shared/contracts/orders/list-carrier-refunds-owed';
import type { Db } from '../../db/index.ts';
import { isoTime } from '../../http/envelope.ts';
import type { Scope } from '../../http/scope.ts';
import { withinScope } from './repo.ts';

const DAY_MS = 86_400_000;

export interface RefundsOwedFilter {
  state?: (typeof OWED_CARRIER_REFUNDS)[number] | undefined;
  channelId?: number | undefined;
}

/** The owed refunds within the scope and filter, joined to when each label was voided and its channel. */
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
  const overdueBefore = now - CARRIER_REFUND_OVERDUE_DAYS * DAY_MS;
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
        eb.fn.sum<number>(eb.case().when('voids.voided_at', '<', overdueBefore).then(1).else(0).end()).as('overdue'),
      ])
      .groupBy('orders.channel_id')
      .orderBy('orders.channel_id')
      .execute(),
  ]);
  const list = rows.map((row): CarrierRefundOwed => {
    const voidedAt = row.voided_at === null ? null : Number(row.voided_at);
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
      overdue: voidedAt !== null && voidedAt < overdueBefore,
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
      overdue: Number(row.overdue ?? 0),
    })),
  };
}
