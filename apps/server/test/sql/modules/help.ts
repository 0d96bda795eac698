import * as help from '../../../src/modules/help/repo.ts';
import { ex, repo } from '../examples.ts';
import { NOW, STAFF } from '../values.ts';

const ARTICLE = 14;
const INPUT = {
  slug: 'first-label',
  category: 'gettingStarted',
  titleZh: '第一张面单',
  titleEn: 'Your first label',
  bodyZh: '……',
  bodyEn: '…',
  published: true,
  sort: 1,
} as const;

export default [
  repo('modules/help/repo.ts', help, {
    allArticles: [ex('every article', (db) => help.allArticles(db))],
    findArticle: [ex('by id', (db) => help.findArticle(db, ARTICLE))],
    publishedArticles: [
      ex('every article', (db) => help.publishedArticles(db, {})),
      ex('a category, by keyword', (db) => help.publishedArticles(db, { category: 'shipping', keyword: 'label' })),
    ],
    publishedArticle: [ex('by slug', (db) => help.publishedArticle(db, 'first-label'))],
    slugTaken: [
      ex('by any article', (db) => help.slugTaken(db, 'first-label')),
      ex('by another article', (db) => help.slugTaken(db, 'first-label', ARTICLE)),
    ],
    insertArticle: [ex('an article', (db) => help.insertArticle(db, INPUT, STAFF, NOW), [[{ id: ARTICLE }]])],
    updateArticleRow: [ex('an article', (db) => help.updateArticleRow(db, ARTICLE, INPUT, STAFF, NOW))],
    deleteArticleRow: [ex('by id', (db) => help.deleteArticleRow(db, ARTICLE))],
  }),
];
