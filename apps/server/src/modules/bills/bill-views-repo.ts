import { formatCents, type Locale } from '@parcelport/shared';
import {
  BILL_LINE_KINDS,
  type BillAmountKind,
  type BillLineKind,
  type BillPreset,
  type BillView,
} from '@parcelport/shared/contracts/bills/index';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { isMessageKey, translate } from '../../i18n/messages.ts';
import type { BillRowError } from './read.ts';

/** The bill with its counts and figures, in the reader's language (its row errors' reasons). */
export async function billView(db: Db, id: number, locale: Locale): Promise<BillView> {
  const [view] = await billViews(db, [id], locale);
  if (!view) throw notFound();
  return view;
}

/** Bills with their counts and figures, in the order of `ids`: two queries for a whole page. */
export async function billViews(db: Db, ids: readonly number[], locale: Locale): Promise<BillView[]> {
  if (ids.length === 0) return [];
  const [bills, sums] = await Promise.all([
    db
      .selectFrom('carrier_bills')
      .innerJoin('channels', 'channels.id', 'carrier_bills.channel_id')
      .innerJoin('users as creator', 'creator.id', 'carrier_bills.created_by')
      .leftJoin('users as poster', 'poster.id', 'carrier_bills.posted_by')
      .selectAll('carrier_bills')
      .select(['channels.name as channel_name', 'creator.username as creator', 'poster.username as poster'])
      .where('carrier_bills.id', 'in', ids)
      .execute(),
    db
      .selectFrom('carrier_bill_lines')
      .select((eb) => [
        'bill_id',
        'kind',
        eb.fn.countAll<number>().as('lines'),
        eb.fn.sum<number>('cost_change').as('cost_change'),
        eb.fn
          .sum<number>(eb.case().when('merchant_change', '>', 0).then(eb.ref('merchant_change')).else(0).end())
          .as('charged'),
        eb.fn
          .sum<number>(eb.case().when('merchant_change', '<', 0).then(eb.ref('merchant_change')).else(0).end())
          .as('refunded'),
        eb.fn.sum<number>('penalty').as('penalty'),
        eb.fn.sum<number>('owed').as('owed'),
      ])
      .where('bill_id', 'in', ids)
      .groupBy(['bill_id', 'kind'])
      .execute(),
  ]);
  const byId = new Map(bills.map((bill) => [bill.id, bill]));
  return ids.flatMap((id) => {
    const bill = byId.get(id);
    if (!bill) return [];
    const counts = Object.fromEntries(BILL_LINE_KINDS.map((kind) => [kind, 0])) as Record<BillLineKind, number>;
    let adjustments = 0;
    let credits = 0;
    let charged = 0;
    let refunded = 0;
    let owed = 0;
    for (const row of sums) {
      if (Number(row.bill_id) !== id) continue;
      counts[row.kind as BillLineKind] = Number(row.lines);
      if (row.kind === 'adjustment') adjustments += Number(row.cost_change ?? 0);
      if (row.kind === 'credit') credits -= Number(row.cost_change ?? 0);
      charged += Number(row.charged ?? 0) + Number(row.penalty ?? 0);
      refunded -= Number(row.refunded ?? 0);
      owed += Number(row.owed ?? 0);
    }
    const errors = JSON.parse(bill.errors) as BillRowError[];
    return [
      {
        id: bill.id,
        channelId: bill.channel_id,
        channelName: bill.channel_name,
        fileName: bill.file_name,
        preset: bill.preset as BillPreset,
        amountKind: bill.amount_kind as BillAmountKind,
        status: bill.status as BillView['status'],
        lines: Object.values(counts).reduce((sum, n) => sum + n, 0),
        counts,
        adjustments: formatCents(adjustments),
        credits: formatCents(credits),
        charged: formatCents(charged),
        refunded: formatCents(refunded),
        owed: formatCents(owed),
        errors: errors.map((error) => ({
          ...error,
          message: isMessageKey(error.message) ? translate(error.message, locale) : error.message,
        })),
        createdAt: isoTime(bill.created_at) as string,
        createdBy: bill.creator,
        postedAt: isoTime(bill.posted_at),
        postedBy: bill.poster ?? null,
      },
    ];
  });
}

export async function billIds(db: Db, channelId: number | undefined, page: number, pageSize: number) {
  const base = db
    .selectFrom('carrier_bills')
    .$if(channelId !== undefined, (qb) => qb.where('channel_id', '=', channelId as number));
  const [rows, total] = await Promise.all([
    base
      .select('id')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(total.n) };
}
