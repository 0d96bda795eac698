import type { Generated } from 'kysely';

/** A help centre article, in both languages (0034). */
export interface HelpArticlesTable {
  id: Generated<number>;
  slug: string;
  category: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  published: Generated<number>;
  sort: Generated<number>;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables modules/help writes, by name (test/table-owners.test.ts). */
export interface HelpTables {
  help_articles: HelpArticlesTable;
}
