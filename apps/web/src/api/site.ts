import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/site/index';
import type { ContactInput } from '@parcelport/shared/contracts/site/schemas';

export type { ContactInput };

import { call } from './call';
export const listContacts = (query: { page: number; pageSize: number; status?: '0' | '1'; keyword?: string }) =>
  call(contracts.listContacts, { query: { ...query } });
export type ContactRequest = AnswerOf<typeof contracts.listContacts>['list'][number];
