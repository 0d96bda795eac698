import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A merchant's saved parties (docs/spec.md §3 Address) and parcel templates (docs/spec.md §3 Package template).
  await createTableWithId(db, 'address_book')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('is_residential', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default_sender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('address_book_title_idx')
    .on('address_book')
    .columns(['user_id', 'title'])
    .unique()
    .execute();

  await createTableWithId(db, 'package_templates')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('length', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .addColumn('weight', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('package_templates_name_idx')
    .on('package_templates')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
}
