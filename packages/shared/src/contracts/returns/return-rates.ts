import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { returnRateLine } from './schemas.ts';

export const returnRates = defineContract({
  method: 'POST',
  path: '/app/returns/:id/rates',
  summary: "The return draft's rates, each saying whether its carrier bills it on use or when bought",
  tags: ['returns'],
  // A quote: the labels area, and a read-only key may make it (it changes nothing).
  keyArea: 'labels',
  readOnly: true,
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: z.array(returnRateLine),
});
