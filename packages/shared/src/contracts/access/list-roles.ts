import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { roleView } from './schemas.ts';

export const listRoles = defineContract({
  method: 'GET',
  path: '/role/list',
  summary: 'Roles with the resource codes each grants',
  tags: ['roles'],
  access: { codes: ['adminList', 'staffList', 'adminRoleList'] },
  scope: 'any',
  answer: z.array(roleView),
});
