/** The help centre (issue 14): staff write articles in both languages; readers get theirs. */
import type { Locale } from '@parcelport/shared';
import type { articleBody, articleSearch, HelpCategory } from '@parcelport/shared/contracts/help/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invalidFields, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import {
  type ArticleRow,
  allArticles,
  deleteArticleRow,
  findArticle,
  insertArticle,
  publishedArticle,
  publishedArticles,
  slugTaken,
  updateArticleRow,
} from './repo.ts';

type Article = z.output<typeof articleBody>;

function staffView(row: ArticleRow) {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as HelpCategory,
    titleZh: row.title_zh,
    titleEn: row.title_en,
    bodyZh: row.body_zh,
    bodyEn: row.body_en,
    published: row.published === 1,
    sort: row.sort,
    updatedBy: row.updated_by_name ?? null,
    updatedAt: isoTime(row.updated_at) as string,
  };
}

/** The reader's language, the other one where a text is missing. */
function readerView(row: ArticleRow, language: Locale) {
  const [first, second] = language === 'en-US' ? (['en', 'zh'] as const) : (['zh', 'en'] as const);
  return {
    slug: row.slug,
    category: row.category as HelpCategory,
    title: row[`title_${first}`] || row[`title_${second}`],
    body: row[`body_${first}`] || row[`body_${second}`],
    updatedAt: isoTime(row.updated_at) as string,
  };
}

/** The first words of a text as plain words: its headings, code fences, list marks and inline marks left out. */
function summaryOf(body: string): string {
  const plain = body
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !line.trim().startsWith('```'))
    .map((line) =>
      line
        .replace(/^\s*(?:[-*]|\d{1,9}[.)])\s+/, '')
        .replace(/\[([^\]\n]+)\]\([^)\s]+\)/g, '$1')
        .replace(/\*\*(.+?)\*\*|\*([^*\n]+)\*|`([^`\n]+)`/g, (_, strong, em, code) => strong ?? em ?? code),
    )
    .join(' ');
  return plain.length > 140 ? `${plain.slice(0, 140)}…` : plain;
}

export async function searchArticles(ctx: AppContext, filter: z.output<typeof articleSearch>, language: Locale) {
  const rows = await publishedArticles(ctx.db, filter);
  return rows.map((row) => {
    const { body, ...line } = readerView(row, language);
    return { ...line, summary: summaryOf(body) };
  });
}

export async function readArticle(ctx: AppContext, slug: string, language: Locale) {
  const row = await publishedArticle(ctx.db, slug);
  if (!row) throw notFound();
  return readerView(row, language);
}

export async function listArticles(ctx: AppContext) {
  return (await allArticles(ctx.db)).map(staffView);
}

export async function createArticle(ctx: AppContext, input: Article, editorId: number) {
  if (await slugTaken(ctx.db, input.slug)) throw invalidFields({ slug: 'slugTaken' });
  const id = await insertArticle(ctx.db, input, editorId, Date.now());
  return staffView((await findArticle(ctx.db, id)) as ArticleRow);
}

export async function updateArticle(ctx: AppContext, id: number, input: Article, editorId: number) {
  if (await slugTaken(ctx.db, input.slug, id)) throw invalidFields({ slug: 'slugTaken' });
  if (!(await updateArticleRow(ctx.db, id, input, editorId, Date.now()))) throw notFound();
  return staffView((await findArticle(ctx.db, id)) as ArticleRow);
}

export async function deleteArticle(ctx: AppContext, id: number) {
  const deleted = await deleteArticleRow(ctx.db, id);
  if (deleted === 0) throw notFound();
  return { deleted };
}
