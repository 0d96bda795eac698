import * as contracts from '@parcelport/shared/contracts/help/index';
import type { ArticleInput, HelpCategory } from '@parcelport/shared/contracts/help/schemas';
import { call } from './call';

/** The help centre (issue 14): articles for readers, and their editing for staff. */
export const searchArticles = (query: { keyword?: string; category?: HelpCategory }) =>
  call(contracts.searchArticles, { query: { ...query } });
export const readArticle = (slug: string) => call(contracts.readArticle, { params: { slug } });
export const listArticles = () => call(contracts.listArticles, {});
export const saveArticle = (body: ArticleInput, id?: number) =>
  id === undefined ? call(contracts.createArticle, { body }) : call(contracts.updateArticle, { params: { id }, body });
export const deleteArticle = (id: number) => call(contracts.deleteArticle, { params: { id } });
export type StaffArticle = Awaited<ReturnType<typeof listArticles>>[number];
