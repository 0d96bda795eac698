/**
 * Overseas-warehouse users (issue 13; docs/spec.md §2 /adminSettings/overseasWarehouseUser): accounts holding
 * the overseasWarehouse role, which ship for many merchants from their own sender addresses. Staff see each
 * with its volume in a period and the merchants (senders) it shipped for.
 */
import { formatCents, type Locale } from '@parcelport/shared';
import type {
  warehouseExportQuery,
  warehouseListQuery,
  warehouseMerchantsQuery,
} from '@parcelport/shared/contracts/customers/schemas';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoOrEmpty, pagesById, sendXlsx, type XlsxColumn } from '../../documents/xlsx.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { warehouseAccounts } from '../users/index.ts';
import { type Period, warehouseFigures, warehouseMerchants } from './repo.ts';

const COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.company',
  'users.phone',
  'users.status',
  'users.created_at',
] as const;

/** Warehouse rows with their figures in the period, as the list and the export show them. */
async function withFigures(
  ctx: AppContext,
  rows: {
    id: number;
    username: string;
    name: string;
    company: string;
    phone: string;
    status: number;
    created_at: number;
  }[],
  period: Period,
) {
  const figures = await warehouseFigures(
    ctx.db,
    rows.map((row) => row.id),
    period,
  );
  return rows.map((row) => {
    const figure = figures.get(row.id) ?? { senderAddresses: 0, labels: 0, spend: 0, merchants: 0 };
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      company: row.company,
      phone: row.phone,
      status: row.status,
      registrationDate: new Date(row.created_at).toISOString(),
      senderAddresses: figure.senderAddresses,
      labels: figure.labels,
      spend: formatCents(figure.spend),
      merchants: figure.merchants,
    };
  });
}

export async function listWarehouses(ctx: AppContext, scope: Scope, query: z.output<typeof warehouseListQuery>) {
  const base = warehouseAccounts(ctx.db, scope, query.keyword);
  const [rows, count] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('users.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: await withFigures(ctx, rows, query),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type WarehouseRow = Awaited<ReturnType<typeof withFigures>>[number];

const columns = (locale: Locale): XlsxColumn<WarehouseRow>[] => [
  { header: 'colId', width: 10, value: (r) => r.id },
  { header: 'colEmail', width: 28, value: (r) => r.username },
  { header: 'colName', width: 24, value: (r) => r.name },
  { header: 'colCompany', width: 24, value: (r) => r.company },
  { header: 'colPhone', width: 18, value: (r) => r.phone },
  { header: 'colStatus', value: (r) => translate(`accountStatus${r.status}` as MessageKey, locale) },
  { header: 'colSenderAddresses', value: (r) => r.senderAddresses },
  { header: 'colLabels', value: (r) => r.labels },
  { header: 'colSpend', value: (r) => r.spend },
  { header: 'colMerchants', value: (r) => r.merchants },
  { header: 'colRegisteredAt', width: 26, value: (r) => isoOrEmpty(Date.parse(r.registrationDate)) },
];

export function exportWarehouses(
  ctx: AppContext,
  reply: FastifyReply,
  scope: Scope,
  query: z.output<typeof warehouseExportQuery>,
  locale: Locale,
) {
  const pages = pagesById(async (before, size) => {
    const rows = await warehouseAccounts(ctx.db, scope, query.keyword)
      .select(COLUMNS)
      .$if(before !== null, (qb) => qb.where('users.id', '<', before as number))
      .orderBy('users.id', 'desc')
      .limit(size)
      .execute();
    return withFigures(ctx, rows, query);
  });
  return sendXlsx(
    reply,
    `overseas-warehouses-${new Date().toISOString().slice(0, 10)}.xlsx`,
    locale,
    columns(locale),
    pages,
  );
}

export async function listMerchantsOf(
  ctx: AppContext,
  scope: Scope,
  id: number,
  period: z.output<typeof warehouseMerchantsQuery>,
) {
  const warehouse = await warehouseAccounts(ctx.db, scope)
    .select('users.id')
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!warehouse) throw notFound('userNotFound');
  const rows = await warehouseMerchants(ctx.db, id, period);
  return rows.map((row) => ({
    sender: row.from_name,
    labels: Number(row.labels),
    spend: formatCents(Number(row.spend ?? 0)),
    lastLabelAt: row.last_label_at === null ? null : new Date(Number(row.last_label_at)).toISOString(),
  }));
}
