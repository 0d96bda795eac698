import type { Generated } from 'kysely';

/** A merchant's order tag (0100, modules/tags); the colour is a `#rrggbb`. */
export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: string;
  created_at: number;
}

export interface OrderTagsTable {
  order_id: number;
  tag_id: number;
}

/** The tables modules/tags writes, by name (test/table-owners.test.ts). */
export interface TagsTables {
  tags: TagsTable;
  order_tags: OrderTagsTable;
}
