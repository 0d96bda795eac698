import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { channelView, wideQuery } from './schemas.ts';

export const listChannels = defineContract({
  method: 'GET',
  path: '/admin/channel/channel',
  summary: 'Channels with their services',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: wideQuery,
  answer: pageOf(channelView),
});
