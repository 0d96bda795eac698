import { z } from 'zod';
import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { inboxQuery, inboxView, READERS } from './schemas.ts';

export const listMySysMessages = defineContract({
  ...READERS,
  method: 'GET',
  path: '/app/sysMessage/list',
  summary: 'My system messages, newest first, each read or not, with the unread count',
  query: inboxQuery,
  answer: pageOf(inboxView).extend({ unread: z.number() }),
});
