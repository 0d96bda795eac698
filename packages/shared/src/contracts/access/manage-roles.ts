import { z } from 'zod';
import { idParams, pageQuery } from '../common.ts';
import { defineContract } from '../contract.ts';
import { resourceView, roleCreateBody, roleHolderPage, roleUpdateBody, roleView } from './schemas.ts';

/** Role and resource management (docs/spec.md §2 /roleSettings): the resourceManagement code. */
const MANAGE = { tags: ['roles'], access: { codes: ['resourceManagement'] }, scope: 'any' } as const;

export const createRole = defineContract({
  ...MANAGE,
  method: 'POST',
  path: '/role/create',
  summary: 'Make a role granting the resource codes given (400 roleCode when the code is taken)',
  body: roleCreateBody,
  answer: roleView,
});

export const updateRole = defineContract({
  ...MANAGE,
  method: 'POST',
  path: '/role/update/:id(^\\d+)',
  summary:
    "Rename a role and set its resource codes; a built-in role's codes are fixed (422 when changed). Its holders' next call uses them",
  params: idParams,
  body: roleUpdateBody,
  answer: roleView,
});

export const deleteRole = defineContract({
  ...MANAGE,
  method: 'POST',
  path: '/role/delete/:id(^\\d+)',
  summary: 'Delete a role made by staff that nobody holds (422 for a built-in role or one held)',
  params: idParams,
  answer: z.null(),
});

export const listRoleHolders = defineContract({
  ...MANAGE,
  method: 'GET',
  path: '/role/holders/:id(^\\d+)',
  summary: 'The accounts holding a role (deleted ones marked), by account name, one page',
  params: idParams,
  query: pageQuery,
  answer: roleHolderPage,
});

export const listResources = defineContract({
  ...MANAGE,
  method: 'GET',
  path: '/role/resources',
  summary: 'Every resource code by category, with the screens it opens and the roles granting it',
  answer: z.array(resourceView),
});
