/**
 * Customers in full and sellers (issue 13; docs/api.md "Customers, sellers, proxies and overseas
 * warehouses"): staff edit, register, delete and export customers; pickers; sellers with their customers.
 * A seller or proxy reaches only the customers registered under it (scope `ownCustomers`).
 */
import { ACCOUNT_STATUS, isPlatformWide } from '@parcelport/shared';
import type { CustomerRegistration, CustomerUpdate } from '@parcelport/shared/contracts/customers/schemas';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { forbidden, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { accountOfFamily } from '../../scope/accounts-repo.ts';
import { userWithWallets } from '../admin-users/index.ts';
import { allotDefaultChannels } from '../channels/index.ts';
import { writeCreditLimit } from '../funds/index.ts';
import {
  allSellers,
  customersAllottedService,
  findUserByUsername,
  insertUser,
  isSellerOrProxy,
  newAccountRow,
  pickAccounts,
  sellerPage,
  setAccountFields,
} from '../users/index.ts';

/** The customer, if the scope reaches it and it is not deleted; 404 otherwise. */
async function managedCustomer(ctx: AppContext, scope: Scope, id: number) {
  const user = await accountOfFamily(ctx.db, scope, 'customer', id);
  if (!user) throw notFound('userNotFound');
  return user;
}

/**
 * The owner a customer may be given: only platform-wide staff move customers between owners; a seller or
 * proxy registers customers under itself. The owner must hold the seller or proxy role.
 */
async function checkedOwner(db: Db, auth: Auth, ownerId: number | null | undefined): Promise<void> {
  if (ownerId === undefined) return;
  if (!isPlatformWide(auth)) throw forbidden();
  if (ownerId !== null && !(await isSellerOrProxy(db, ownerId))) throw invalidFields({ ownerId: 'ownerInvalid' });
}

/** A credit limit is money the platform lends: only holders of adminRechargeList set it. */
function checkCreditLimitAllowed(auth: Auth, creditLimit: number | undefined): void {
  if (creditLimit !== undefined && !auth.codes.includes('adminRechargeList')) throw forbidden();
}

export async function updateCustomer(ctx: AppContext, auth: Auth, scope: Scope, id: number, input: CustomerUpdate) {
  await managedCustomer(ctx, scope, id);
  checkCreditLimitAllowed(auth, input.creditLimit);
  await checkedOwner(ctx.db, auth, input.ownerId);
  if (input.ownerId === id) throw invalidFields({ ownerId: 'ownerInvalid' });
  await ctx.db.transaction().execute(async (trx) => {
    await setAccountFields(trx, id, input);
    if (input.creditLimit !== undefined) await writeCreditLimit(trx, id, 'USD', input.creditLimit);
  });
  return userWithWallets(ctx, scope, 'customer', id);
}

/** Makes a customer account, active unless asked otherwise; a seller's or proxy's is registered under it. */
export async function registerCustomer(ctx: AppContext, auth: Auth, scope: Scope, input: CustomerRegistration) {
  checkCreditLimitAllowed(auth, input.creditLimit);
  // A seller or proxy (a limited scope) registers its own customers; staff name the owner, if any.
  const ownerId = scope.ownerId ?? input.ownerId ?? null;
  if (scope.ownerId === undefined) await checkedOwner(ctx.db, auth, input.ownerId);
  else if (input.ownerId !== undefined && input.ownerId !== scope.ownerId) throw forbidden();
  if (await findUserByUsername(ctx.db, input.email)) throw invalidFields({ email: 'emailRegistered' });
  const now = Date.now();
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const userId = await insertUser(
        trx,
        newAccountRow(
          input,
          {
            kind: 'customer',
            status: input.active ? ACCOUNT_STATUS.active : ACCOUNT_STATUS.inactive,
            password_hash: passwordHash,
            owner_id: ownerId,
            member_type: input.memberType,
            certification: input.certification,
          },
          now,
        ),
        ['customer'],
      );
      await allotDefaultChannels(trx, userId);
      if (input.creditLimit !== undefined) await writeCreditLimit(trx, userId, 'USD', input.creditLimit);
      return userId;
    });
    return { id };
  } catch (error) {
    // The same address registered at the same moment by another call.
    if (isUniqueViolation(error)) throw invalidFields({ email: 'emailRegistered' });
    throw error;
  }
}

/** Customers for a picker; with `withStaff`, employees too (for holders of staffList). */
export async function pickUsers(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  query: { keyword?: string | undefined; limit: number },
  withStaff: boolean,
) {
  const kinds: ('customer' | 'staff')[] = [];
  if (!withStaff || auth.codes.includes('adminList')) kinds.push('customer');
  if (withStaff && auth.codes.includes('staffList')) kinds.push('staff');
  return pickAccounts(ctx.db, scope, kinds, query.keyword, query.limit);
}

export function customersByService(ctx: AppContext, scope: Scope, serviceCode: string, channelId?: number) {
  return customersAllottedService(ctx.db, scope, serviceCode, channelId);
}

export async function listSellers(
  ctx: AppContext,
  scope: Scope,
  filter: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const { rows, total } = await sellerPage(ctx.db, scope, filter);
  return {
    list: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.name,
      status: row.status,
      invitationCode: row.invitation_code,
      customers: Number(row.customers ?? 0),
      registrationDate: new Date(row.created_at).toISOString(),
    })),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export function sellers(ctx: AppContext, scope: Scope) {
  return allSellers(ctx.db, scope);
}
