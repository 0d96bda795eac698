import { z } from 'zod';
import { LOCALES } from '../../constants.ts';
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
    /**
     * The language printed around the data; by default a slip speaks its recipient's (Chinese to China, Taiwan,
     * Hong Kong and Macau, else English: it goes in the box) and a pick list the reader's (it stays on the shelf).
     */
    language: z.enum(LOCALES).optional(),
  }),
  answer: FILE_ANSWER,
});
