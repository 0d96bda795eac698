import { z } from 'zod';
import { idParams, pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  contactBody,
  contactListQuery,
  contactReplyBody,
  contactView,
  sitePageParams,
  sitePageView,
} from './schemas.ts';

export const sendContact = defineContract({
  method: 'POST',
  path: '/public/contact',
  summary:
    'A visitor asks a question from /contactUs (kept for staff, mailed to the configured inbox; a few per client per hour)',
  tags: ['site'],
  access: 'public',
  body: contactBody,
  answer: z.object({ id: z.number() }),
});

export const listContacts = defineContract({
  method: 'GET',
  path: '/admin/contact/list',
  summary: 'Contact requests, newest first: waiting (status 0) or answered (1), by name, email or question',
  tags: ['site'],
  access: { codes: ['adminQuestionList'] },
  scope: 'any',
  query: contactListQuery,
  answer: pageOf(contactView),
});

export const replyContact = defineContract({
  method: 'POST',
  path: '/admin/contact/:id(^\\d+)/reply',
  summary: "Answers a contact request by mail, in the visitor's language; once (409 when already answered)",
  tags: ['site'],
  access: { codes: ['adminQuestionList'] },
  scope: 'any',
  params: idParams,
  body: contactReplyBody,
  answer: contactView,
});

export const sitePage = defineContract({
  method: 'GET',
  path: '/public/site/:page',
  summary: "The operator's text of a public page (privacyPolicy, termsOfUse) in the caller's language",
  tags: ['site'],
  access: 'public',
  params: sitePageParams,
  answer: sitePageView,
});
