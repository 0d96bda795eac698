import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/help/index';
import type { ArticleInput } from '@parcelport/shared/contracts/help/schemas';
import { call } from './call';

/** The help centre (issue 14): articles for readers, and their editing for staff. */
export type StaffArticle = AnswerOf<typeof contracts.listArticles>[number];

/** Saves the editor's article: one without an id is created, else the one it edits is updated. */
export const saveArticle = (body: ArticleInput, id?: number) =>
  id === undefined ? call(contracts.createArticle, { body }) : call(contracts.updateArticle, { params: { id }, body });
