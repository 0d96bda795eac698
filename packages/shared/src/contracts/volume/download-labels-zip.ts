import { FILE_ANSWER } from '../contract.ts';
import { orderFamilies } from '../orders/families.ts';
import { labelsSelectionQuery } from './schemas.ts';

export const downloadLabelsZip = orderFamilies({
  method: 'GET',
  path: '/order/label/downZip',
  summary: 'Labels of the selection as a zip, one PDF per order named by order or tracking number; streamed',
  keyArea: 'labels',
  tags: ['downloads'],
  query: labelsSelectionQuery,
  answer: FILE_ANSWER,
});
