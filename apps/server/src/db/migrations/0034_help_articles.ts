import type { Kysely } from 'kysely';
import { FIRST_ARTICLES } from '../../modules/help/first-articles.ts';
import { createTableWithId } from '../columns.ts';

/**
 * The help centre's articles (issue 14), written by staff in both languages. The first ones, the guide and
 * the FAQ a merchant needs, are written here once: staff may then change or delete them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'help_articles')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await (db as Kysely<{ help_articles: Record<string, unknown> }>)
    .insertInto('help_articles')
    .values(
      FIRST_ARTICLES.map((article, index) => ({
        slug: article.slug,
        category: article.category,
        title_zh: article.zh[0],
        title_en: article.en[0],
        body_zh: article.zh[1],
        body_en: article.en[1],
        published: 1,
        sort: index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
