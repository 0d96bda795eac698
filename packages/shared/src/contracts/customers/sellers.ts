import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { sellerItem, sellerListQuery, sellerPage } from './schemas.ts';

/** Sellers (docs/spec.md §7): the accounts holding the seller role, with their invitation codes and customers. */
export const listSellers = defineContract({
  method: 'GET',
  path: '/admin/list/seller',
  summary:
    'Sellers with their invitation code and number of customers; a seller sees only itself (its customers: GET /admin/list)',
  tags: ['sellers'],
  access: { codes: ['adminList', 'staffList'] },
  scope: 'ownCustomers',
  query: sellerListQuery,
  answer: sellerPage,
});

export const allSellers = defineContract({
  method: 'POST',
  path: '/admin/allSellers',
  summary: 'Every seller (id, account, name), for the statistics filters; a seller gets only itself',
  tags: ['sellers'],
  access: { codes: ['adminList', 'staffList'] },
  scope: 'ownCustomers',
  readOnly: true,
  answer: z.array(sellerItem),
});
