import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, openInput } from './schemas.ts';

export const openWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'POST',
  path: '/app/workOrder',
  summary: 'Open a work order (subject and type required); a waybill is one of my order or tracking numbers',
  body: openInput,
  answer: z.object({ id: z.number(), ticketNo: z.string() }),
});
