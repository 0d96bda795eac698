import type { ResourceCode } from '../../access.ts';
import { type Contract, defineContract } from '../contract.ts';

type FamilyOperation = Omit<Contract, 'path' | 'access' | 'scope'> & {
  path: `/${string}`;
  /** The codes whose staff reach the `/admin` twin: `orderList` (waybills) unless another desk reads it too. */
  staffCodes?: readonly ResourceCode[];
};

/**
 * An order operation that exists twice (docs/spec.md §7): a customer under `/app` on their own orders, and
 * staff with `orderList` under `/admin` on their customers' (every merchant's for platform-wide staff, a
 * seller's own customers' for a seller). Written once, it yields both contracts.
 */
export function orderFamilies<const C extends FamilyOperation>({ path, staffCodes = ['orderList'], ...operation }: C) {
  return {
    app: defineContract({ ...operation, path: `/app${path}`, access: 'signedIn', scope: 'own' }),
    admin: defineContract({
      ...operation,
      path: `/admin${path}`,
      access: { codes: staffCodes },
      scope: 'ownCustomers',
    }),
  } as const;
}
