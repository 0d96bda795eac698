/** Help centre articles (migration 0034). */
import type { ArticleInput, HelpCategory } from '@parcelport/shared/contracts/help/schemas';
import type { Db } from '../../db/index.ts';

const withEditor = (db: Db) =>
  db
    .selectFrom('help_articles')
    .leftJoin('users as editor', 'editor.id', 'help_articles.updated_by')
    .selectAll('help_articles')
    .select('editor.username as updated_by_name');

export function allArticles(db: Db) {
  return withEditor(db)
    .orderBy('help_articles.category')
    .orderBy('help_articles.sort')
    .orderBy('help_articles.id')
    .execute();
}
export type ArticleRow = Awaited<ReturnType<typeof allArticles>>[number];

export function findArticle(db: Db, id: number) {
  return withEditor(db).where('help_articles.id', '=', id).executeTakeFirst();
}

/** Published articles, in the help centre's order, with words in a title or text of either language. */
export function publishedArticles(db: Db, filter: { keyword?: string; category?: HelpCategory }) {
  let query = withEditor(db).where('help_articles.published', '=', 1);
  if (filter.category) query = query.where('help_articles.category', '=', filter.category);
  if (filter.keyword) {
    const like = `%${filter.keyword.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or(
        (['title_zh', 'title_en', 'body_zh', 'body_en'] as const).map((column) =>
          eb(eb.fn('lower', [`help_articles.${column}`]), 'like', like),
        ),
      ),
    );
  }
  return query.orderBy('help_articles.sort').orderBy('help_articles.id').execute();
}

export function publishedArticle(db: Db, slug: string) {
  return withEditor(db)
    .where('help_articles.slug', '=', slug)
    .where('help_articles.published', '=', 1)
    .executeTakeFirst();
}

export function slugTaken(db: Db, slug: string, exceptId?: number) {
  return db
    .selectFrom('help_articles')
    .select('id')
    .where('slug', '=', slug)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId as number))
    .executeTakeFirst();
}

const columnsOf = (input: Required<Omit<ArticleInput, 'sort'>> & { sort: number }) => ({
  slug: input.slug,
  category: input.category,
  title_zh: input.titleZh,
  title_en: input.titleEn,
  body_zh: input.bodyZh,
  body_en: input.bodyEn,
  published: input.published ? 1 : 0,
  sort: input.sort,
});

export async function insertArticle(db: Db, input: Parameters<typeof columnsOf>[0], editorId: number, now: number) {
  const { id } = await db
    .insertInto('help_articles')
    .values({ ...columnsOf(input), updated_by: editorId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateArticleRow(
  db: Db,
  id: number,
  input: Parameters<typeof columnsOf>[0],
  editorId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('help_articles')
    .set({ ...columnsOf(input), updated_by: editorId, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteArticleRow(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('help_articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
