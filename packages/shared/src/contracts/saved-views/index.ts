/**
 * Saved views of the order list (issue 30): a user's named filters, columns and sort, kept on the server for
 * them; a view marked shared is seen by the other members of the user's account (not by other accounts). A team
 * member's views are the member's own, not the owner's.
 */
import { z } from 'zod';
import { deletedAnswer, idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

const key = z.string().trim().min(1, 'fieldRequired').max(60, 'textTooLong');
const filterValue = z.union([
  z.string().max(200, 'textTooLong'),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(200, 'textTooLong'), z.number()])).max(100),
]);

/** What a view restores: the list's filters, the columns shown (in order) and the sort. */
export const savedViewState = z.object({
  filters: z.record(key, filterValue).refine((filters) => Object.keys(filters).length <= 40, 'textTooLong'),
  columns: z.array(key).max(60),
  sort: z.object({ field: key, order: z.enum(['ascend', 'descend']) }).nullable(),
});
export type SavedViewState = z.output<typeof savedViewState>;

export const savedView = z.object({
  id: z.number(),
  name: z.string(),
  shared: z.boolean(),
  /** Whether the caller made it (only its maker may rename, change or delete it). */
  mine: z.boolean(),
  state: savedViewState,
  updatedAt: z.string(),
});
export type SavedView = z.output<typeof savedView>;

export const listOrderViews = defineContract({
  method: 'GET',
  path: '/app/orderViews',
  summary: "My saved views of the order list, and those my account's members share",
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(savedView),
});

export const saveOrderView = defineContract({
  method: 'POST',
  path: '/app/orderViews',
  summary: "Save the order list's filters, columns and sort as a named view (shared: seen by my account's members)",
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  body: z.object({ name: key, shared: z.boolean().default(false), state: savedViewState }),
  answer: savedView,
});

export const updateOrderView = defineContract({
  method: 'PUT',
  path: '/app/orderViews/:id(^\\d+)',
  summary: 'Rename a view I saved, share or unshare it, or keep the current filters, columns and sort in it',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: z
    .object({ name: key.optional(), shared: z.boolean().optional(), state: savedViewState.optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      path: ['name'],
      message: 'fieldRequired',
    }),
  answer: savedView,
});

export const deleteOrderView = defineContract({
  method: 'DELETE',
  path: '/app/orderViews/:id(^\\d+)',
  summary: 'Delete a view I saved',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: deletedAnswer,
});
