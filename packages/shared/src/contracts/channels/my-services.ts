import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { myServiceView } from './schemas.ts';

export const myServices = defineContract({
  method: 'GET',
  path: '/app/user/channels',
  summary: 'The carrier services I may ship with',
  tags: ['channels'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(myServiceView),
});
