import { defineContract } from '../contract.ts';
import { sheetHeadersView } from './schemas.ts';

export const readSheetHeaders = defineContract({
  method: 'POST',
  path: '/app/order/import/headers',
  summary:
    "A sheet's header row (multipart `file`, xlsx or csv), the field each header already matches, and the required fields: for the column mapping form",
  tags: ['import'],
  access: 'signedIn',
  scope: 'own',
  body: 'multipart',
  // Nothing is kept: a read-only key may call it, and it takes no Idempotency-Key.
  readOnly: true,
  answer: sheetHeadersView,
});
