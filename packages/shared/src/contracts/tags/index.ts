/** A merchant's order tags (issue 30): coloured names it puts on its orders, one or many at once. */
import { z } from 'zod';
import { deletedAnswer, idParams, idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';

export const TAG_COLOR = /^#[0-9a-f]{6}$/;

export const tagInput = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(40),
  color: z.string().trim().toLowerCase().regex(TAG_COLOR, 'colorInvalid'),
});

export const tagView = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** Tags put on and taken off orders; an order out of the caller's own is refused on `ids`. */
export const orderTagsBody = z
  .object({
    ids: idsBody.shape.ids,
    add: z.array(z.number().int().positive()).max(50).default([]),
    remove: z.array(z.number().int().positive()).max(50).default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, { path: ['add'], message: 'fieldRequired' });

export const listTags = defineContract({
  method: 'GET',
  path: '/app/tags',
  summary: 'My order tags by name',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(tagView),
});

export const createTag = defineContract({
  method: 'POST',
  path: '/app/tags',
  summary: 'Make an order tag',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: tagInput,
  answer: tagView,
});

export const updateTag = defineContract({
  method: 'PUT',
  path: '/app/tags/:id(^\\d+)',
  summary: 'Rename or recolour an order tag',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: tagInput,
  answer: tagView,
});

export const deleteTags = defineContract({
  method: 'DELETE',
  path: '/app/tags',
  summary: 'Delete order tags (taken off every order that had them)',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: deletedAnswer,
});

export const setOrderTags = defineContract({
  method: 'POST',
  path: '/app/order/tags',
  summary: 'Put tags on orders and take tags off them (one order or many)',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: orderTagsBody,
  answer: z.object({ updated: z.number() }),
});

export type TagView = z.output<typeof tagView>;
export type TagInput = z.input<typeof tagInput>;
