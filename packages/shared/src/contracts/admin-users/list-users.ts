import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { FAMILIES, managedUserView, type UserFamily, userListQuery } from './schemas.ts';

const listOf = <F extends UserFamily>(prefix: F) =>
  defineContract({
    method: 'GET',
    path: `/${prefix}/list` as `/${F}/list`,
    summary: `List ${FAMILIES[prefix].family} accounts (sellers and proxies see only their own customers)`,
    tags: FAMILIES[prefix].tags,
    access: { codes: [FAMILIES[prefix].listCode] },
    scope: 'ownCustomers',
    query: userListQuery,
    answer: pageOf(managedUserView),
  });

/** Accounts of a family, per family. */
export const listUsers = { admin: listOf('admin'), staff: listOf('staff') };
