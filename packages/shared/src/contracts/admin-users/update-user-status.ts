import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { FAMILIES, type UserFamily, userStatusBody } from './schemas.ts';

const statusOf = <F extends UserFamily>(prefix: F) =>
  defineContract({
    method: 'POST',
    path: `/${prefix}/updateStatus/:id` as `/${F}/updateStatus/:id`,
    summary: 'Activate (1), deactivate (0) or disable (2) an account; form field or JSON `status`',
    tags: FAMILIES[prefix].tags,
    access: { codes: [FAMILIES[prefix].listCode] },
    scope: 'ownCustomers',
    params: idParams,
    body: userStatusBody,
    answer: z.null(),
  });

/** Activate, deactivate or disable an account, per family. */
export const updateUserStatus = { admin: statusOf('admin'), staff: statusOf('staff') };
