import { z } from 'zod';
import { deletedAnswer, idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { articleBody, articleSearch, articleView, readerArticle, readerArticleLine, slugParams } from './schemas.ts';

export const searchArticles = defineContract({
  method: 'GET',
  path: '/public/help/articles',
  summary: "The help centre's published articles in the caller's language, by category and words in the title or text",
  tags: ['help'],
  access: 'public',
  query: articleSearch,
  answer: z.array(readerArticleLine),
});

export const readArticle = defineContract({
  method: 'GET',
  path: '/public/help/articles/:slug',
  summary: "One published article (/wordView) in the caller's language; 404 for a draft or an unknown one",
  tags: ['help'],
  access: 'public',
  params: slugParams,
  answer: readerArticle,
});

const STAFF = { tags: ['help'], access: { codes: ['adminSysMessageList'] }, scope: 'any' } as const;

export const listArticles = defineContract({
  ...STAFF,
  method: 'GET',
  path: '/admin/help/articles',
  summary: 'Every article, drafts included, both languages, by category and order',
  answer: z.array(articleView),
});

export const createArticle = defineContract({
  ...STAFF,
  method: 'POST',
  path: '/admin/help/articles',
  summary: 'Writes an article (its slug unique: 400 on slug when taken)',
  body: articleBody,
  answer: articleView,
});

export const updateArticle = defineContract({
  ...STAFF,
  method: 'POST',
  path: '/admin/help/articles/:id(^\\d+)',
  summary: 'Rewrites an article, or publishes or withdraws it',
  params: idParams,
  body: articleBody,
  answer: articleView,
});

export const deleteArticle = defineContract({
  ...STAFF,
  method: 'POST',
  path: '/admin/help/articles/:id(^\\d+)/delete',
  summary: 'Deletes an article',
  params: idParams,
  answer: deletedAnswer,
});
