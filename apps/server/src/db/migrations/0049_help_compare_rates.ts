import { type Kysely, sql } from 'kysely';

/**
 * The first help article "buy your first label" (migration 0034) named a button the new-order screen does
 * not have ("查询价格" / "Ask for rates"); the button is "比较运费" / "Compare rates". The sentence is
 * replaced in the article as written then, and only where staff have not rewritten it since. The texts are
 * copied here, not imported, so that this migration does the same whatever the help module says later.
 */
const REPLACEMENTS = [
  {
    column: 'body_zh',
    before: '点击“查询价格”，各渠道的价格与时效会并排显示。',
    after: '点击“比较运费”，各渠道的价格与时效会并排显示。',
  },
  {
    column: 'body_en',
    before: 'Ask for rates: every service you may use shows its price and transit time side by side.',
    after: 'Click Compare rates: every service you may use shows its price and transit time side by side.',
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { column, before, after } of REPLACEMENTS) {
    await sql`update help_articles set ${sql.ref(column)} = replace(${sql.ref(column)}, ${before}, ${after})
      where slug = 'buy-your-first-label'`.execute(db);
  }
}
