import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { FAMILIES, type UserFamily } from './schemas.ts';

const tokenOf = <F extends UserFamily>(prefix: F) =>
  defineContract({
    method: 'POST',
    path: `/${prefix}/token/build/:id` as `/${F}/token/build/:id`,
    summary: 'A token to act as this user; the caller is recorded as actor on every change',
    tags: FAMILIES[prefix].tags,
    access: { codes: [FAMILIES[prefix].listCode] },
    scope: 'ownCustomers',
    signInOnly: true,
    params: idParams,
    answer: z.string(),
  });

/** A token to act as the user, per family. */
export const buildUserToken = { admin: tokenOf('admin'), staff: tokenOf('staff') };
