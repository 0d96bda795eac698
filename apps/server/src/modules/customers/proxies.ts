/**
 * Proxy users (issue 13; docs/spec.md §2 /adminSettings/proxyUser): accounts holding the proxy role that
 * resell to the customers registered under them at the platform's price for the proxy plus its own markup,
 * and are credited the difference in their wallet (purchase/purchase.ts, one commission row a label).
 */
import { formatCents } from '@parcelport/shared';
import type {
  proxyCustomersQuery,
  proxyListQuery,
  proxyUpdateBody,
} from '@parcelport/shared/contracts/customers/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden, invalidFields, notFound } from '../../core/errors.ts';
import { moneyInMode, type Scope } from '../../core/scope.ts';
import { walletsOf } from '../funds/index.ts';
import {
  type AccountFilter,
  claimInvitationCode,
  listAccounts,
  newInvitationCode,
  proxyInScope,
  setProxyMarkup,
} from '../users/index.ts';
import { proxyCustomerFigures, proxyFigures, proxyPage } from './repo.ts';

/** A percentage in basis points as the screens write it: 1250 → "12.50". */
const percentOf = (bp: number) => (bp / 100).toFixed(2);

export async function listProxies(ctx: AppContext, scope: Scope, query: z.output<typeof proxyListQuery>) {
  const { rows, total } = await proxyPage(ctx.db, scope, query);
  const ids = rows.map((row) => row.id);
  const figures = await proxyFigures(ctx.db, ids, query);
  const balances = await Promise.all(ids.map((id) => walletsOf(ctx.db, id)));
  return {
    list: rows.map((row, index) => {
      const usd = balances[index]?.find((wallet) => wallet.currency === 'USD');
      const figure = figures.get(row.id) ?? { labels: 0, commission: 0 };
      return {
        id: row.id,
        username: row.username,
        name: row.name,
        company: row.company,
        status: row.status,
        invitationCode: row.invitation_code,
        markupPercent: percentOf(row.proxy_percent_bp),
        markupFixed: formatCents(row.proxy_fixed_cents),
        customers: Number(row.customers ?? 0),
        labels: figure.labels,
        commission: formatCents(moneyInMode(scope, figure.commission)),
        balance: formatCents(moneyInMode(scope, usd?.balance ?? 0)),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Sets a proxy's markup, taking effect on its customers' next quote (labels bought keep the commission
 * they were bought with), and its invitation code (made up when it has none and none is given).
 */
export async function updateProxy(ctx: AppContext, scope: Scope, id: number, input: z.output<typeof proxyUpdateBody>) {
  const proxy = await proxyInScope(ctx.db, scope, id);
  if (!proxy) throw notFound('userNotFound');
  const invitationCode = input.invitationCode ?? proxy.invitation_code ?? newInvitationCode();
  if (invitationCode !== proxy.invitation_code && !(await claimInvitationCode(ctx.db, id, invitationCode)))
    throw invalidFields({ invitationCode: 'invitationTaken' });
  await setProxyMarkup(ctx.db, id, input.markupPercent, input.markupFixed);
  return { invitationCode, markupPercent: percentOf(input.markupPercent), markupFixed: formatCents(input.markupFixed) };
}

/** A proxy's customers with their labels, spend and the commission kept on them in the period. */
export async function listProxyCustomers(ctx: AppContext, scope: Scope, query: z.output<typeof proxyCustomersQuery>) {
  // A proxy sees its own customers; staff name the proxy.
  const proxyId = scope.ownerId ?? query.proxyId;
  if (proxyId === undefined) throw invalidFields({ proxyId: 'fieldRequired' });
  if (scope.ownerId !== undefined && query.proxyId !== undefined && query.proxyId !== scope.ownerId) throw forbidden();
  if (!(await proxyInScope(ctx.db, scope, proxyId))) throw notFound('userNotFound');
  const filter: AccountFilter = { page: query.page, pageSize: query.pageSize, ownerId: proxyId };
  if (query.keyword) filter.keyword = query.keyword;
  const { rows, total } = await listAccounts(ctx.db, {}, 'customer', filter);
  const figures = await proxyCustomerFigures(
    ctx.db,
    proxyId,
    rows.map((row) => row.id),
    query,
  );
  return {
    list: rows.map((row) => {
      const figure = figures.get(row.id) ?? { labels: 0, spend: 0, commission: 0 };
      return {
        id: row.id,
        username: row.username,
        name: row.name,
        company: row.company,
        status: row.status,
        registrationDate: new Date(row.created_at).toISOString(),
        labels: figure.labels,
        spend: formatCents(moneyInMode(scope, figure.spend)),
        commission: formatCents(moneyInMode(scope, figure.commission)),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
