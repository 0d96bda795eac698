import { type ClaimStatus, type ClaimType, TRACKING_STATUS } from '@parcelport/shared';
import type { ClaimListQuery } from '@parcelport/shared/contracts/claims/schemas';
import type { Selectable, Updateable } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { InsuranceClaimsTable } from '../../db/schema.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

/** Insurance claims and their files (`insurance_claims`, `insurance_claim_files`). */

export type ClaimRow = Selectable<InsuranceClaimsTable>;

/** The key that keeps one blocking claim per order and type (null once rejected). */
export const openKeyOf = (orderId: number, type: ClaimType) => `${orderId}:${type}`;

/** The claim's row as stored. */
export async function storedClaim(db: Db, id: number): Promise<ClaimRow> {
  return (await db
    .selectFrom('insurance_claims')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as ClaimRow;
}

export async function insertClaim(
  db: Db,
  claim: { userId: number; orderId: number; type: ClaimType; amount: number; description: string },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('insurance_claims')
    .values({
      user_id: claim.userId,
      order_id: claim.orderId,
      type: claim.type,
      status: 'submitted',
      open_key: openKeyOf(claim.orderId, claim.type),
      amount: claim.amount,
      description: claim.description,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function attachFiles(db: Db, claimId: number, attachmentIds: readonly number[]): Promise<void> {
  if (attachmentIds.length === 0) return;
  await db
    .insertInto('insurance_claim_files')
    .values([...new Set(attachmentIds)].map((attachmentId) => ({ claim_id: claimId, attachment_id: attachmentId })))
    .execute();
}

export async function setWorkOrder(db: Db, claimId: number, workOrderId: number): Promise<void> {
  await db.updateTable('insurance_claims').set({ work_order_id: workOrderId }).where('id', '=', claimId).execute();
}

/**
 * Moves a claim from one of `from` to `to` with the columns that go with it, in one conditional UPDATE: of
 * callers racing for one claim exactly one gets the row back, the others undefined.
 */
export async function moveClaimRow(
  db: Db,
  id: number,
  from: readonly ClaimStatus[],
  to: ClaimStatus,
  changes: Omit<Updateable<InsuranceClaimsTable>, 'id' | 'status'> = {},
): Promise<ClaimRow | undefined> {
  return db
    .updateTable('insurance_claims')
    .set({ ...changes, status: to, updated_at: Date.now() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** Claims of the accounts in scope, with their orders and owners joined. */
function listed(db: Db, scope: Scope) {
  return (
    db
      .selectFrom('insurance_claims')
      .innerJoin('orders', 'orders.id', 'insurance_claims.order_id')
      .innerJoin('users', 'users.id', 'insurance_claims.user_id')
      .leftJoin('work_orders', 'work_orders.id', 'insurance_claims.work_order_id')
      .$call((qb) => whereAccountInScope(qb, 'insurance_claims.user_id', scope))
      // A claim is of its order's mode: an API key reaches those of its own mode only (a test key, no live money).
      .$if(scope.test !== undefined, (qb) => qb.where('orders.is_test', '=', scope.test ? 1 : 0))
  );
}

function selectView(query: ReturnType<typeof listed>) {
  return query
    .selectAll('insurance_claims')
    .select([
      'orders.order_no',
      'orders.tracking_no',
      'orders.insurance_cents',
      'users.username',
      'work_orders.ticket_no',
    ]);
}

export type ClaimViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['executeTakeFirstOrThrow']>>;

export function findClaim(db: Db, scope: Scope, id: number): Promise<ClaimViewRow | undefined> {
  return selectView(listed(db, scope)).where('insurance_claims.id', '=', id).executeTakeFirst();
}

/** A page of claims: a merchant's newest first, staff's queue oldest first (the longest waiting on top). */
export async function listClaimRows(db: Db, scope: Scope, query: ClaimListQuery, oldestFirst: boolean) {
  const keyword = query.keyword || null;
  const matching = listed(db, scope)
    .$if(query.status !== undefined, (qb) => qb.where('insurance_claims.status', '=', query.status as string))
    .$if(query.type !== undefined, (qb) => qb.where('insurance_claims.type', '=', query.type as string))
    .$if(query.orderId !== undefined, (qb) => qb.where('insurance_claims.order_id', '=', query.orderId as number))
    .$if(keyword !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('orders.order_no', '=', keyword as string),
          eb('orders.tracking_no', '=', keyword as string),
          eb(eb.fn('lower', ['users.username']), 'like', `%${(keyword as string).toLowerCase()}%`),
        ]),
      ),
    );
  const direction = oldestFirst ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    selectView(matching)
      .orderBy('insurance_claims.created_at', direction)
      .orderBy('insurance_claims.id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The files of the claims, by claim id. */
export async function filesOf(db: Db, claimIds: readonly number[]) {
  if (claimIds.length === 0) return new Map<number, { id: number; name: string; mime: string }[]>();
  const rows = await db
    .selectFrom('insurance_claim_files')
    .innerJoin('attachments', 'attachments.id', 'insurance_claim_files.attachment_id')
    .select(['insurance_claim_files.claim_id', 'attachments.id', 'attachments.original_name', 'attachments.mime'])
    .where('insurance_claim_files.claim_id', 'in', [...claimIds])
    .orderBy('attachments.id')
    .execute();
  const byClaim = new Map<number, { id: number; name: string; mime: string }[]>();
  for (const row of rows) {
    const list = byClaim.get(Number(row.claim_id)) ?? [];
    list.push({ id: Number(row.id), name: row.original_name, mime: row.mime });
    byClaim.set(Number(row.claim_id), list);
  }
  return byClaim;
}

/** The claim types that block another claim on the order (every claim not rejected). */
export async function blockingTypesOf(db: Db, orderId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('insurance_claims')
    .select('type')
    .where('order_id', '=', orderId)
    .where('open_key', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.type));
}

/**
 * When an order's parcel was last scanned (its newest carrier event from in transit to delivered) and
 * delivered (the order's move to delivered), epoch ms or null. The parcel's own `tracking_updated_at` is not
 * the scan: our 'transit too long' flag moves it to the time it was raised, which would close the very
 * lost-parcel window that flag points to.
 */
export async function trackingTimesOf(db: Db, orderId: number) {
  const [scan, delivered] = await Promise.all([
    db
      // Through the order's parcels: tracking_events is indexed by parcel.
      .selectFrom('tracking_events')
      .innerJoin('parcels', 'parcels.id', 'tracking_events.parcel_id')
      .select((eb) => eb.fn.max<number | null>('tracking_events.occurred_at').as('at'))
      .where('parcels.order_id', '=', orderId)
      .where('tracking_events.status', '>=', TRACKING_STATUS.inTransit)
      .where('tracking_events.status', '<=', TRACKING_STATUS.delivered)
      .executeTakeFirst(),
    db
      .selectFrom('order_events')
      .select((eb) => eb.fn.max<number | null>('created_at').as('at'))
      .where('order_id', '=', orderId)
      .where('event', '=', 'delivered')
      .executeTakeFirst(),
  ]);
  const at = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { lastScanAt: at(scan?.at), deliveredAt: at(delivered?.at) };
}
