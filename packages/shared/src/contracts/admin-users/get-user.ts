import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { FAMILIES, managedUserWithWallets, type UserFamily } from './schemas.ts';

const getOf = <F extends UserFamily>(prefix: F) =>
  defineContract({
    method: 'GET',
    // Numeric ids only, so an unknown /api/admin/… path is still a 404, not this route.
    path: `/${prefix}/:id(^\\d+)` as `/${F}/:id(^\\d+)`,
    summary: `One ${FAMILIES[prefix].family} account with its wallets and credit limits`,
    tags: FAMILIES[prefix].tags,
    access: { codes: [FAMILIES[prefix].listCode] },
    scope: 'ownCustomers',
    params: idParams,
    answer: managedUserWithWallets,
  });

/** One account with its wallets, per family. */
export const getUser = { admin: getOf('admin'), staff: getOf('staff') };
