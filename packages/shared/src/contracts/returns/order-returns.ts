import { idParams } from '../common.ts';
import { orderFamilies } from '../orders/families.ts';
import { orderReturns } from './schemas.ts';

export const getOrderReturns = orderFamilies({
  method: 'GET',
  path: '/order/returns/:id',
  summary: 'An order and its returns, linked both ways, with each return link',
  tags: ['returns'],
  // An order read by id: the orders area.
  keyArea: 'orders',
  params: idParams,
  answer: orderReturns,
});
