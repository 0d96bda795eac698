import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { carrierServiceView, servicesOfChannelsQuery } from './schemas.ts';

export const servicesOfChannels = defineContract({
  method: 'GET',
  path: '/admin/channel/getServiceByChannelIds',
  summary: 'Services of the given channels (channelStatus=1: enabled channels only)',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: servicesOfChannelsQuery,
  answer: z.array(carrierServiceView),
});
