import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { pickerItem, pickerQuery } from '../customers/schemas.ts';

/** An account the staff order lists may show orders of, as their customer picker offers it. */
export const orderCustomer = pickerItem.extend({
  deleted: z.boolean().describe('the account was deleted (its orders stay in the lists)'),
});
export type OrderCustomer = z.output<typeof orderCustomer>;

/**
 * The staff order lists' customer picker (issue 29): the accounts whose orders the lists may show, with the
 * lists' own access and scope (every account for platform-wide staff, a seller's own customers for a seller),
 * so a picked account's id (`userId`) filters the list by `orders.user_id` instead of matching text.
 */
export const pickOrderCustomers = defineContract({
  method: 'GET',
  path: '/admin/order/customers',
  summary:
    "Accounts for the staff order lists' customer picker: within the lists' scope (deleted ones too), matching `keyword` (a part of the account, name or company, any case), at most `limit` (50; 500 at most) by account name; the list then takes the picked one's id as `userId`",
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  query: pickerQuery,
  answer: z.array(orderCustomer),
});
