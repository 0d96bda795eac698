import type { Kysely } from 'kysely';
import { GUIDE_ARTICLES } from '../../modules/help/guide-articles.ts';

type Db = Kysely<{ help_articles: { slug: string; sort: number } & Record<string, unknown> }>;

/**
 * The user guide's sections that 0034 left out (roles, acting as a user, the interface, orders at volume)
 * as help articles in both languages, after the existing ones; an address staff have taken meanwhile is
 * left to their article.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const articles = db as Db;
  const existing = await articles.selectFrom('help_articles').select(['slug', 'sort']).execute();
  const taken = new Set(existing.map((row) => row.slug));
  const after = Math.max(-1, ...existing.map((row) => Number(row.sort))) + 1;
  const fresh = GUIDE_ARTICLES.filter((article) => !taken.has(article.slug));
  if (fresh.length === 0) return;
  const now = Date.now();
  await articles
    .insertInto('help_articles')
    .values(
      fresh.map((article, index) => ({
        slug: article.slug,
        category: article.category,
        title_zh: article.zh[0],
        title_en: article.en[0],
        body_zh: article.zh[1],
        body_en: article.en[1],
        published: 1,
        sort: after + index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
