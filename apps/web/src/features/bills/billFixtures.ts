/** The carrier bills' tests' channels, bills and answers (/maintenance/supplementaryAmount). */
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { envelope, on, type StubbedCall, stubFetch, urlOf } from '../../test/helpers';
import { billLine, maintenanceAdmin } from '../../test/maintenanceFixtures';

export const channel = (id: number, name: string) => ({
  id,
  name,
  platformCode: 'easypost',
  carrierCode: 'USPS',
  status: 1,
  settings: {},
  health: { pausedUntil: null, failures: 0, authFailedAt: null, authError: '' },
  webhookUrl: null,
  isDemo: true,
  autoAllot: true,
  sort: 0,
  users: 0,
  services: [],
});

export const bill = (overrides: Record<string, unknown> = {}) => ({
  id: 12,
  channelId: 4,
  channelName: 'Demo USPS',
  fileName: 'adjustments.csv',
  preset: 'generic',
  amountKind: 'adjustment',
  status: 'previewed',
  lines: 3,
  counts: { matches: 0, adjustment: 1, credit: 0, duplicate: 1, unmatched: 1, voided: 0 },
  adjustments: '2.00',
  credits: '0.00',
  charged: '0.00',
  refunded: '0.00',
  owed: '0.00',
  errors: [],
  createdAt: '2026-03-01T09:00:00.000Z',
  createdBy: 'admin@example.com',
  postedAt: null,
  postedBy: null,
  ...overrides,
});

export const unmatched = billLine({
  id: 101,
  row: 3,
  trackingNo: '9400100000000000000000',
  kind: 'unmatched',
  cause: 'other',
  orderId: null,
  orderNo: null,
  userId: null,
  customer: null,
  declaredOz: null,
  billedOz: null,
  declaredSize: '',
  billedSize: '',
  declaredZone: null,
  billedZone: '',
});

export const page = (list: unknown[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
export const query = (call: StubbedCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
export function stub(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.allChannels)]: envelope(200, [channel(4, 'Demo USPS'), channel(5, 'Demo UPS')]),
    [on(billsContracts.listBillReports)]: page([]),
    ...extra,
  });
}

/** The multipart bodies sent to an operation, in order. */
export const formsTo = (fetchMock: ReturnType<typeof stubFetch>['fetchMock'], contract: Parameters<typeof urlOf>[0]) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).split('?')[0] === urlOf(contract))
    .map(([, init]) => (init as RequestInit).body as FormData);
