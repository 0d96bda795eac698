import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/help/index';
import type { ArticleInput } from '@parcelport/shared/contracts/help/schemas';
import { call } from './call';
export const listArticles = () => call(contracts.listArticles, {});
export const saveArticle = (body: ArticleInput, id?: number) =>
  id === undefined ? call(contracts.createArticle, { body }) : call(contracts.updateArticle, { params: { id }, body });
export type StaffArticle = AnswerOf<typeof contracts.listArticles>[number];
