import type { StubbedCall, stubFetch } from '../../test/helpers';
import { listItem, stubOrderList } from '../../test/shipmentFixtures';

export const orders = [
  listItem({ id: 1, orderNo: 'PP-DRAFT', status: 0 }),
  listItem({
    id: 2,
    orderNo: 'PP-BOUGHT',
    status: 1,
    tackNo: '1Z999AA10123456784',
    carrierCode: 'UPS',
    serviceName: 'UPS Ground',
    rate: '11.20',
    insuranceFee: '2.00',
    zone: 8,
  }),
  listItem({ id: 3, orderNo: 'PP-FAILED', status: 5, failReason: 'carrier error: timeout' }),
  listItem({ id: 4, orderNo: 'PP-CANCELLING', status: 6, tackNo: '123456789012', carrierCode: 'FEDEX' }),
  listItem({ id: 5, orderNo: 'PP-REJECTED', status: 16, auditInfo: 'Label already scanned by the carrier' }),
  listItem({ id: 6, orderNo: 'PP-VOIDED', status: 15 }),
];

/** The order list's answers, its orders these (filtered by the status asked), and `extra`. */
export const stubList = (extra: Parameters<typeof stubFetch>[0] = {}) => stubOrderList(orders, extra);

export const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/app/order/orders'));
export const headers = () =>
  Array.from(document.querySelectorAll('.ant-table-thead th')).map((cell) => cell.textContent ?? '');
