import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { rechargeBody } from './schemas.ts';

export const submitRecharge = defineContract({
  method: 'POST',
  path: '/app/user/recharge',
  member: 'topUp',
  summary: 'Submit a recharge (pending until staff approve it)',
  tags: ['funds'],
  access: { codes: ['rechargePage'] },
  scope: 'own',
  body: rechargeBody,
  answer: z.object({ id: z.number() }),
});
