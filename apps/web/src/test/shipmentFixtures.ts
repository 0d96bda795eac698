import { formatCents, ORDER_STATUS, parseMoney } from '@parcelport/shared';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import type { OrderDetail, OrderListItem, OrderMoney, QuoteLine } from '../api/orders';
import { envelope, on, type StubbedCall, sampleUser, stubFetch } from './helpers';

/** Sample API answers for the shipping screens' tests. */
export const quote = (overrides: Partial<QuoteLine>): QuoteLine => ({
  channelId: 1,
  channelName: 'Demo USPS',
  serviceId: 1,
  serviceCode: 'GA',
  serviceName: 'USPS Ground Advantage',
  carrierCode: 'USPS',
  available: true,
  reason: null,
  zone: 8,
  zoneSource: 'chart',
  billableWeightOz: [16, 48],
  price: '12.40',
  insurance: '7.00',
  total: '19.40',
  breakdown: { base: '10.40', fuel: '1.00', residential: '1.00', oversize: '0.00', remote: '0.00' },
  deliveryDays: 5,
  expectedDelivery: '2026-12-04',
  deliveryFrom: 'transit',
  cheapest: false,
  fastest: false,
  ...overrides,
});

export const sampleQuotes = (): QuoteLine[] => [
  quote({
    serviceId: 3,
    serviceName: 'UPS Ground',
    carrierCode: 'UPS',
    price: '15.10',
    total: '22.10',
    deliveryDays: 4,
  }),
  quote({
    serviceId: 1,
    cheapest: true,
    zoneSource: 'distance',
  }),
  quote({
    serviceId: 5,
    serviceName: 'FedEx 2Day',
    carrierCode: 'FEDEX',
    price: '38.00',
    total: '45.00',
    deliveryDays: 2,
    fastest: true,
  }),
  quote({
    serviceId: 2,
    serviceName: 'USPS Priority Mail',
    available: false,
    reason: 'over the maximum weight of 70 lb',
    zone: null,
    zoneSource: null,
    billableWeightOz: [],
    price: '0.00',
    insurance: '0.00',
    total: '0.00',
    deliveryDays: null,
  }),
];

export const address = (personName: string, zipCode: string, city: string, stateCode: string) => ({
  personName,
  company: '',
  phone: '555-0100',
  email: '',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  addressLine2: '',
  zipCode,
  isResidential: false,
});

export const listItem = (overrides: Partial<OrderListItem>): OrderListItem => ({
  id: 11,
  orderId: 11,
  orderNo: 'PP2601010000011',
  tackNo: null,
  batchNo: null,
  status: 0,
  channelId: null,
  serviceId: null,
  serviceName: null,
  carrierCode: null,
  serviceCode: null,
  rate: null,
  insuranceFee: '0.00',
  insurance: '0.00',
  earnest: '0.00',
  zone: null,
  toPersonName: 'Grace Buyer',
  toZipCode: '10118',
  toAddress: '350 5th Ave, New York, NY',
  fromPersonName: 'Ada Shipper',
  fromZipCode: '90210',
  fromAddress: '9450 Wilshire Blvd, Beverly Hills, CA',
  reference1: 'REF-1',
  reference2: '',
  remark: '',
  auditInfo: '',
  failReason: '',
  addressStatus: 0,
  addressNote: '',
  isTest: false,
  kind: 'label',
  labelSize: '4x6',
  createdAt: '2026-01-02T03:04:05.000Z',
  createdTime: null,
  shipDate: null,
  billedCost: null,
  billedAt: null,
  earnestReleasedAt: null,
  refundedAt: null,
  carrierRefund: '',
  carrierRefundNote: '',
  tags: [],
  heldForReview: false,
  ...overrides,
});

/**
 * The money the server answers for an order like this one when a test gives none (its ledger rows): the
 * label's charge once bought, its refund once refunded, and their net.
 */
function moneyOf(order: OrderListItem): OrderMoney {
  const bought = order.rate !== null && ![ORDER_STATUS.draft, ORDER_STATUS.placing].includes(order.status as 0);
  if (!bought) return { currency: 'USD', lines: [], net: '0.00' };
  const price = (parseMoney(order.rate ?? '0') ?? 0) + (parseMoney(order.insuranceFee) ?? 0);
  const time = order.createdTime ?? order.createdAt;
  const charge = { id: order.id * 10, kind: 'charge' as const, type: 1, amount: formatCents(price), time };
  if (order.refundedAt === null) return { currency: 'USD', lines: [charge], net: formatCents(price) };
  const refund = {
    id: order.id * 10 + 1,
    kind: 'refund' as const,
    type: 2,
    amount: formatCents(-price),
    time: order.refundedAt,
  };
  return { currency: 'USD', lines: [charge, refund], net: '0.00' };
}

export const detailOf = (overrides: Partial<OrderDetail>): OrderDetail => ({
  ...listItem({}),
  money: moneyOf(listItem(overrides)),
  items: [],
  preferredServiceId: null,
  rateChoice: null,
  ruleTrail: [],
  from: { ...address('Ada Shipper', '90210', 'Beverly Hills', 'CA'), company: 'Shop Co' },
  to: { ...address('Grace Buyer', '10118', 'New York', 'NY'), isResidential: true },
  residential: true,
  batteryType: 'none',
  extra: { signatureOption: 'none', nonDeliveryOption: 'return', contentsType: 'merchandise' },
  parcels: [
    {
      id: 21,
      seq: 1,
      length: 10,
      width: 8,
      height: 4,
      weight: 1,
      massUnit: 'lb',
      distanceUnit: 'in',
      packageCode: 'your_package',
      packageNum: 1,
      packageAmount: 1,
      insuredValue: '150.00',
      reference: '',
      reference2: '',
      trackingNo: null,
      trackingStatus: 0,
    },
    {
      id: 22,
      seq: 2,
      length: 12,
      width: 10,
      height: 6,
      weight: 3,
      massUnit: 'lb',
      distanceUnit: 'in',
      packageCode: 'your_package',
      packageNum: 1,
      packageAmount: 1,
      insuredValue: '500.00',
      reference: '',
      reference2: '',
      trackingNo: null,
      trackingStatus: 0,
    },
  ],
  baseInfo: null,
  timeline: [],
  ...overrides,
});

/** A service the merchant is given, as `myServices` answers it: UPS Ground on the demo UPS channel. */
export const DEMO_UPS_GROUND = {
  channelId: 4,
  channelName: 'Demo UPS',
  serviceId: 3,
  serviceCode: 'GND',
  serviceName: 'UPS Ground',
  carrierCode: 'UPS',
};

/**
 * The answers a merchant's order list asks for (the user, messages, the services allotted, one demo UPS service)
 * with `orders` as the list, filtered by the status asked, and `extra` beside or instead of them.
 */
export function stubOrderList(orders: readonly OrderListItem[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, [DEMO_UPS_GROUND]),
    [on(ordersContracts.listOrders.app)]: (call: StubbedCall) => {
      const status = new URL(call.url, 'http://x').searchParams.get('status');
      const list = status === null ? orders : orders.filter((order) => String(order.status) === status);
      return envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
    },
    ...extra,
  });
}
