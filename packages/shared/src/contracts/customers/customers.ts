import { z } from 'zod';
import { managedUserWithWallets } from '../admin-users/schemas.ts';
import { idParams } from '../common.ts';
import { defineContract, FILE_ANSWER } from '../contract.ts';
import {
  allottedCustomer,
  byServiceBody,
  customerExportQuery,
  customerRegisterBody,
  customerUpdateBody,
  pickerItem,
  pickerQuery,
} from './schemas.ts';

/** Customers in full (docs/spec.md §7 "Admin and staff users"): edit, delete, register, export, pickers. */

export const updateCustomer = defineContract({
  method: 'POST',
  // Numeric ids only: /admin/update/seller is a call of its own.
  path: '/admin/update/:id(^\\d+)',
  summary:
    "Change a customer's profile, member type, certification, USD credit limit (needs adminRechargeList) and owner (platform-wide staff only)",
  tags: ['users'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  params: idParams,
  body: customerUpdateBody,
  answer: managedUserWithWallets,
});

export const deleteCustomer = defineContract({
  method: 'POST',
  path: '/admin/delete/:id(^\\d+)',
  summary:
    'Delete a customer, keeping its history (422 while a wallet is not zero, a label is being bought or cancelled, or customers are registered under it)',
  tags: ['users'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  params: idParams,
  answer: z.null(),
});

export const registerCustomer = defineContract({
  method: 'POST',
  path: '/admin/register',
  summary: "Make a customer account (active unless `active` is false); a seller's or proxy's is registered under them",
  tags: ['users'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  body: customerRegisterBody,
  answer: z.object({ id: z.number() }),
});

export const exportCustomers = defineContract({
  method: 'GET',
  path: '/admin/down',
  summary: 'The customer list as xlsx, with the same filters as GET /admin/list',
  tags: ['users'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: customerExportQuery,
  answer: FILE_ANSWER,
});

export const pickCustomers = defineContract({
  method: 'GET',
  path: '/admin/allUserList',
  summary:
    'Customers for a picker: not deleted, within the scope, matching `keyword` (account, name or company), at most `limit` (50; 500 at most) by account name',
  tags: ['users'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: pickerQuery,
  answer: z.array(pickerItem),
});

export const pickAccounts = defineContract({
  method: 'GET',
  path: '/admin/allUserlist',
  summary:
    'Accounts of every kind for a picker: customers for holders of adminList, employees too for holders of staffList; otherwise as GET /admin/allUserList',
  tags: ['users'],
  access: { codes: ['adminList', 'staffList'] },
  scope: 'ownCustomers',
  query: pickerQuery,
  answer: z.array(pickerItem),
});

export const customersByService = defineContract({
  method: 'POST',
  path: '/admin/allUserlistByServiceCode',
  summary:
    'The customers (within the scope, not deleted) allotted a channel with an enabled carrier service of this code (optionally in one channel)',
  tags: ['users'],
  access: { codes: ['adminList', 'adminChannel'] },
  scope: 'ownCustomers',
  readOnly: true,
  body: byServiceBody,
  answer: z.array(allottedCustomer),
});
