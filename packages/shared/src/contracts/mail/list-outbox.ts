import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { outboxItem, outboxQuery } from './schemas.ts';

export const listOutbox = defineContract({
  method: 'GET',
  path: '/admin/mail/outbox',
  summary: 'Mails the platform has sent or kept, codes and reset links masked',
  tags: ['mail'],
  access: { codes: ['configList'] },
  scope: 'any',
  query: outboxQuery,
  answer: pageOf(outboxItem),
});
