import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { carrierServiceView } from './schemas.ts';

export const channelServices = defineContract({
  method: 'GET',
  path: '/admin/channel/getChannelOneLevel/:id',
  summary: "A channel's services",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  answer: z.array(carrierServiceView),
});
