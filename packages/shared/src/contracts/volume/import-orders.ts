import { defineContract } from '../contract.ts';
import { importResultView } from './schemas.ts';

export const importOrders = defineContract({
  method: 'POST',
  path: '/app/order/import',
  summary:
    'Import orders from xlsx or csv (multipart `file`, optional `mapping` JSON of field → header, sent before the file): valid orders become drafts under one batch number; errors name row, column and reason',
  tags: ['import'],
  access: 'signedIn',
  scope: 'own',
  body: 'multipart',
  answer: importResultView,
});
