import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * The shipping desk (issue 30): a merchant's coloured order tags (modules/tags) and which orders carry them;
 * its ordered rules (modules/rules: conditions and actions as JSON); its product catalogue (modules/products,
 * one row per SKU); and on each order its items (JSON, from a store, an import or the API) and what its rules
 * decided: the service or rate-shopping choice to buy with, a hold for review and the trail of which rule set
 * what (JSON).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'tags')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_user_name_idx').on('tags').columns(['user_id', 'name']).unique().execute();
  await db.schema
    .createTable('order_tags')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('tag_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_tags_pk', ['order_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('order_tags_tag_idx').on('order_tags').columns(['tag_id', 'order_id']).execute();

  await createTableWithId(db, 'order_rules')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('match_mode', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_rules_user_idx').on('order_rules').columns(['user_id', 'position']).execute();

  await createTableWithId(db, 'products')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('length', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('mass_unit', 'text', (c) => c.notNull().defaultTo('lb'))
    .addColumn('distance_unit', 'text', (c) => c.notNull().defaultTo('in'))
    .addColumn('customs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('template_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_user_sku_idx').on('products').columns(['user_id', 'sku']).unique().execute();

  await db.schema
    .alterTable('orders')
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('orders').addColumn('preferred_service_id', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('rate_choice', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('held_for_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('rule_trail', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
