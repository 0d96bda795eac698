import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { FAMILIES, type UserFamily, userRolesBody } from './schemas.ts';

const rolesOf = <F extends UserFamily>(prefix: F) =>
  defineContract({
    method: 'POST',
    path: `/${prefix}/role/update` as `/${F}/role/update`,
    summary: "Replace an account's roles",
    tags: FAMILIES[prefix].tags,
    access: { codes: ['adminRoleList'] },
    scope: 'ownCustomers',
    body: userRolesBody,
    answer: z.null(),
  });

/** Replace an account's roles, per family. */
export const updateUserRoles = { admin: rolesOf('admin'), staff: rolesOf('staff') };
