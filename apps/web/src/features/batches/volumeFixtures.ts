import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, within } from '@testing-library/react';
import type { JobView } from '../../api/volume';
import { envelope, on, type StubbedCall, type stubFetch } from '../../test/helpers';
import { listItem, stubOrderList } from '../../test/shipmentFixtures';

/** A batch job's progress as the server answers it. */
export const job = (over: Partial<JobView>): JobView => ({
  id: 9,
  type: 'labels',
  status: 'running',
  total: 3,
  done: 0,
  failed: 0,
  left: 3,
  createdAt: '2026-01-02T03:04:05.000Z',
  finishedAt: null,
  ...over,
});

export const orders = [
  listItem({ id: 1, orderNo: 'PP-A', status: 0 }),
  listItem({ id: 2, orderNo: 'PP-B', status: 0, addressStatus: 3, addressNote: 'stateCode: the state does not match' }),
  listItem({ id: 3, orderNo: 'PP-C', status: 0, addressStatus: 1 }),
  listItem({ id: 7, orderNo: 'PP-BOUGHT', status: 1, tackNo: '1Z999AA10123456784', carrierCode: 'UPS' }),
  listItem({ id: 8, orderNo: 'PP-BOUGHT2', status: 1, tackNo: '1Z999AA10123456793', carrierCode: 'UPS' }),
];

/** The order list's answers, its orders these (filtered by the status asked), and `extra`. */
export const stubList = (extra: Parameters<typeof stubFetch>[0] = {}) => stubOrderList(orders, extra);

export const select = (orderNo: string) =>
  fireEvent.click(within(screen.getByTestId(`order-row-${orderNo}`)).getByRole('checkbox'));
export const params = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
export const zipReply = () =>
  new Response(new Uint8Array([80, 75, 5, 6]), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="labels-2026-01-02.zip"',
    },
  });

/** A batch estimate's lines for one order: cheapest, fastest, and one that cannot carry it. */
export const services = [
  {
    serviceId: 1,
    serviceName: 'USPS Ground Advantage',
    available: true,
    reason: null,
    totalCents: 912,
    deliveryDays: 5,
    cheapest: true,
    fastest: false,
  },
  {
    serviceId: 5,
    serviceName: 'FedEx 2Day',
    available: true,
    reason: null,
    totalCents: 3800,
    deliveryDays: 2,
    cheapest: false,
    fastest: true,
  },
  {
    serviceId: 2,
    serviceName: 'USPS Priority',
    available: false,
    reason: 'too heavy',
    totalCents: 0,
    deliveryDays: null,
    cheapest: false,
    fastest: false,
  },
];

/** A finished batch estimate (job 12) of PP-A, priced with `services`, and PP-B, which had no service. */
export const estimated = {
  [on(volumeContracts.startBatchEstimate)]: envelope(200, { jobId: 12 }),
  [on(volumeContracts.getJob, { id: 12 })]: envelope(
    200,
    job({ id: 12, type: 'estimate', total: 2, done: 1, failed: 1, left: 0, status: 'done' }),
  ),
  [on(volumeContracts.listJobItems, { id: 12 })]: (call: StubbedCall) =>
    call.url.includes('status=failed')
      ? envelope(200, {
          list: [{ orderId: 2, orderNo: 'PP-B', status: 'failed', message: 'No service' }],
          total: 1,
          page: 1,
          pageSize: 1000,
        })
      : envelope(200, {
          list: [
            { orderId: 1, orderNo: 'PP-A', status: 'done', message: JSON.stringify(services) },
            { orderId: 2, orderNo: 'PP-B', status: 'failed', message: 'No service' },
          ],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
};
