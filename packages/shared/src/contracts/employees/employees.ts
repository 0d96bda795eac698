import { z } from 'zod';
import { managedUserWithWallets, userListQuery } from '../admin-users/schemas.ts';
import { idParams } from '../common.ts';
import { defineContract, FILE_ANSWER } from '../contract.ts';
import { employeeRegisterBody, employeeUpdateBody } from './schemas.ts';

/** Employees (docs/spec.md §7 "Admin and staff users", /adminSettings/employeeManagement): staffList. */

export const registerEmployee = defineContract({
  method: 'POST',
  path: '/staff/register',
  summary: 'Make an employee account, active at once, with roles (giving roles needs adminRoleList)',
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  body: employeeRegisterBody,
  answer: z.object({ id: z.number() }),
});

export const updateEmployee = defineContract({
  method: 'POST',
  path: '/staff/update/:id(^\\d+)',
  summary: "Change an employee's profile",
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  params: idParams,
  body: employeeUpdateBody,
  answer: managedUserWithWallets,
});

export const deleteEmployee = defineContract({
  method: 'POST',
  path: '/staff/delete/:id(^\\d+)',
  summary:
    'Delete an employee, keeping its history (422 for oneself, the last administrator, or while it holds money or customers are registered under it)',
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  params: idParams,
  answer: z.null(),
});

export const exportEmployees = defineContract({
  method: 'GET',
  path: '/staff/down',
  summary: 'The employee list as xlsx, with the same filters as GET /staff/list',
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  query: userListQuery.omit({ page: true, pageSize: true }),
  answer: FILE_ANSWER,
});
