import { z } from 'zod';
import { defineContract, FILE_ANSWER } from '../contract.ts';
import { selectionQuery } from './schemas.ts';

/** Packing slips (one page per order) or a pick list (the items summed by SKU), 4x6 or Letter. */
export const downloadPackingSlips = defineContract({
  method: 'GET',
  path: '/app/order/packingSlips',
  summary: 'Packing slips of the selected orders (items, quantities, SKUs, my logo), or their pick list; 4x6 or Letter',
  keyArea: 'labels',
  tags: ['downloads'],
  access: 'signedIn',
  scope: 'own',
  query: selectionQuery.extend({
    size: z.enum(['4x6', 'letter']).default('4x6'),
    kind: z.enum(['slips', 'pickList']).default('slips'),
  }),
  answer: FILE_ANSWER,
});
