import { FILE_ANSWER } from '../contract.ts';
import { orderFamilies } from './families.ts';
import { labelQuery } from './schemas.ts';

export const downloadLabel = orderFamilies({
  method: 'GET',
  path: '/order/label/down',
  summary:
    'The label of a bought order: a 4x6 PDF with one page per parcel (or ZPL), named by order or tracking number',
  keyArea: 'labels',
  tags: ['orders'],
  query: labelQuery,
  answer: FILE_ANSWER,
});
