/** The order list's and the order detail's tests' orders and answers. */
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { envelope, on, type StubbedCall, sampleUser, stubFetch } from '../../test/helpers';
import { listItem } from '../../test/shipmentFixtures';

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

export function stubList(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, [
      {
        channelId: 4,
        channelName: 'Demo UPS',
        serviceId: 3,
        serviceCode: 'GND',
        serviceName: 'UPS Ground',
        carrierCode: 'UPS',
      },
    ]),
    [on(ordersContracts.listOrders.app)]: (call: StubbedCall) => {
      const status = new URL(call.url, 'http://x').searchParams.get('status');
      const list = status === null ? orders : orders.filter((order) => String(order.status) === status);
      return envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
    },
    ...extra,
  });
}

export const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/app/order/orders'));
export const headers = () =>
  Array.from(document.querySelectorAll('.ant-table-thead th')).map((cell) => cell.textContent ?? '');
