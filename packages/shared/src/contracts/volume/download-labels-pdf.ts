import { queryFlag } from '../common.ts';
import { FILE_ANSWER } from '../contract.ts';
import { orderFamilies } from '../orders/families.ts';
import { selectionQuery } from './schemas.ts';

export const downloadLabelsPdf = orderFamilies({
  method: 'GET',
  path: '/order/label/downPdf',
  summary:
    'Labels of the selection merged into one PDF (4x6 pages); streamed. `withSlips`: each label followed by its 4x6 packing slip',
  keyArea: 'labels',
  tags: ['downloads'],
  query: selectionQuery.extend({ withSlips: queryFlag().optional() }),
  answer: FILE_ANSWER,
});
