import * as contracts from '@parcelport/shared/contracts/site/index';
import type { ContactInput } from '@parcelport/shared/contracts/site/schemas';

export type { ContactInput };

import { call } from './call';

/** The public site (issue 14): the contact form, its answers for staff, the policy texts. */
export const sendContact = (body: ContactInput) => call(contracts.sendContact, { body });
export const sitePage = (page: 'privacyPolicy' | 'termsOfUse') => call(contracts.sitePage, { params: { page } });
export const listContacts = (query: { page: number; pageSize: number; status?: '0' | '1'; keyword?: string }) =>
  call(contracts.listContacts, { query: { ...query } });
export const replyContact = (id: number, reply: string) =>
  call(contracts.replyContact, { params: { id }, body: { reply } });
export type ContactRequest = Awaited<ReturnType<typeof listContacts>>['list'][number];
