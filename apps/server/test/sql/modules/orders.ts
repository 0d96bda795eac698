import { ORDER_STATUS } from '@parcelport/shared';
import * as addressChecks from '../../../src/modules/orders/address-checks-repo.ts';
import type { BilledOrder } from '../../../src/modules/orders/billing-repo.ts';
import * as billing from '../../../src/modules/orders/billing-repo.ts';
import * as carrierRefunds from '../../../src/modules/orders/carrier-refunds-repo.ts';
import * as drafts from '../../../src/modules/orders/drafts-repo.ts';
import * as events from '../../../src/modules/orders/events-repo.ts';
import type { AskedParcel } from '../../../src/modules/orders/form-settlements-repo.ts';
import * as formSettlements from '../../../src/modules/orders/form-settlements-repo.ts';
import * as ledgerRows from '../../../src/modules/orders/ledger-rows-repo.ts';
import * as manifest from '../../../src/modules/orders/manifest-repo.ts';
import * as orderList from '../../../src/modules/orders/order-list-repo.ts';
import * as placing from '../../../src/modules/orders/placing-repo.ts';
import type { OrderRow, ParcelRow } from '../../../src/modules/orders/repo.ts';
import * as orders from '../../../src/modules/orders/repo.ts';
import * as returnOrders from '../../../src/modules/orders/return-orders-repo.ts';
import { type OrderListQuery, orderInput } from '../../../src/modules/orders/schemas.ts';
import * as selection from '../../../src/modules/orders/selection-repo.ts';
import * as settlement from '../../../src/modules/orders/settlement-repo.ts';
import * as trackingPages from '../../../src/modules/orders/tracking-pages-repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { ADDRESS, ANY_ACCOUNT, DAY, MERCHANT, NOW, ORDER, OWN, OWNED, PAGE, STAFF } from '../values.ts';

const S = ORDER_STATUS;
const CHANNEL = 3;
const PARCEL = 5001;
const MANIFEST = 60;
const RETURN = ORDER + 1;
const ORDERS = [ORDER, ORDER + 1];
const PARCELS = [PARCEL, PARCEL + 1];
/** A call made with a test API key as the merchant. */
const OWN_TEST_KEY = { ...OWN, test: true };

const PARTY = {
  personName: ADDRESS.person_name,
  company: ADDRESS.company,
  phone: ADDRESS.phone,
  email: ADDRESS.email,
  countryCode: ADDRESS.country_code,
  stateCode: ADDRESS.state_code,
  city: ADDRESS.city,
  addressLine1: ADDRESS.address_line1,
  zipCode: ADDRESS.zip_code,
};

/** A draft of one parcel, as the form sends it (the schema fills in the rest). */
const INPUT = orderInput.parse({
  from: PARTY,
  to: { ...PARTY, personName: 'Grace Hopper', zipCode: '10002' },
  parcels: [{ length: 12, width: 10, height: 8, weight: 40 }],
  reference1: 'PO-77',
});

const ORDER_ROW = {
  id: ORDER,
  order_no: 'PP1001',
  user_id: MERCHANT,
  batch_no: null,
  from_address: JSON.stringify(INPUT.from),
  to_address: JSON.stringify(INPUT.to),
  from_name: 'Ada Lovelace',
  from_zip: '10001',
  to_name: 'Grace Hopper',
  to_zip: '10002',
  reference1: 'PO-77',
  reference2: '',
  remark: '',
  battery_type: 'none',
  insurance_cents: 0,
  residential: 0,
  label_size: '4x6',
  extra: '{"signatureOption":"none"}',
  is_test: 0,
  items: '[]',
} as unknown as OrderRow;

const PARCEL_ROW = {
  id: PARCEL,
  order_id: ORDER,
  seq: 1,
  length: 12,
  width: 10,
  height: 8,
  weight: 40,
  mass_unit: 'oz',
  distance_unit: 'in',
  package_code: 'parcel',
  package_num: 1,
  package_amount: 1,
  insured_cents: 0,
  reference: '',
  reference2: '',
} as unknown as ParcelRow;

// Moved here from bills.ts with the examples of moveBilledCosts.
const BILLED: BilledOrder = {
  id: 1001,
  order_no: 'PP1001',
  user_id: MERCHANT,
  proxy_id: null,
  channel_id: CHANNEL,
  service_id: 1,
  status: 1,
  cost: 1000,
  billed_cost: 1250,
  billed_oz: 40,
  billed_at: NOW,
  commission: 0,
} as BilledOrder;

const ASKED: AskedParcel = {
  id: PARCEL,
  tracking_no: '1Z999AA10123456784',
  asked_at: NOW - DAY,
  carrier_manifest_id: null,
  user_id: MERCHANT,
  channel_id: CHANNEL,
  is_test: 0,
  username: 'ada',
  channel_name: 'UPS',
  platform_code: 'ups',
};

const SETTLEMENT: formSettlements.FormSettlement = {
  parcel: ASKED,
  parcelIds: PARCELS,
  outcome: 'recorded',
  formNumber: 'SCAN-1',
  fileName: 'scan-1.pdf',
  trackingNumbers: ['1Z999AA10123456784', '1Z999AA10123456785'],
  settledBy: STAFF,
  now: NOW,
};

const LIST: OrderListQuery = { ...PAGE };
/** Every filter of the order list. */
const FILTERED: OrderListQuery = {
  ...PAGE,
  userId: MERCHANT,
  customer: 'Ada',
  status: S.pendingTransport,
  mode: 'live',
  pendingReview: true,
  review: { minCharge: 5000, minDeclaredValue: 20000 },
  tagId: 9,
  channelId: CHANNEL,
  batchNo: 'B-7',
  kind: 'label',
  from: NOW - 7 * DAY,
  to: NOW,
  keyword: 'PP1001',
} as OrderListQuery;

const PLACINGS: placing.Placing[] = [ORDER, ORDER + 1].map((id, i) => ({
  order: { id, status: S.draft, version: 3 },
  columns: {
    channel_id: CHANNEL,
    service_id: 1,
    carrier_code: 'ups',
    service_code: 'GND',
    service_name: 'Ground',
    rate: 850 + i * 100,
    cost: 700 + i * 100,
    insurance_fee: 0,
    earnest: 0,
    zone: 5,
    billable_oz: 40,
    estimate: '{}',
    fail_reason: '',
    refunded_at: null,
    earnest_released_at: null,
    proxy_id: null,
    commission: 0,
  },
}));

const LABELS: placing.BoughtLabel[] = [ORDER, ORDER + 1].map((orderId, i) => ({
  orderId,
  trackingNo: `1Z99${i}`,
  upstreamId: `shp_${i}`,
  parcels: [
    { id: PARCEL + i, trackingNo: `1Z99${i}`, barcode: null, labelFile: `label-${orderId}.pdf`, labelFormat: 'pdf' },
  ],
}));

/** Runs a generator to its end. */
async function drain(pages: AsyncIterable<unknown>) {
  for await (const page of pages) void page;
}

export default [
  repo('modules/orders/repo.ts', orders, {
    withinScope: [
      ex('any account', (db) => orders.withinScope(db.selectFrom('orders').select('id'), ANY_ACCOUNT).execute()),
      ex('own', (db) => orders.withinScope(db.selectFrom('orders').select('id'), OWN).execute()),
      ex('owned accounts', (db) => orders.withinScope(db.selectFrom('orders').select('id'), OWNED).execute()),
      ex("own, with a test key's mode", (db) =>
        orders.withinScope(db.selectFrom('orders').select('id'), OWN_TEST_KEY).execute(),
      ),
    ],
    findOrderInScope: [
      ex('any account', (db) => orders.findOrderInScope(db, ORDER, ANY_ACCOUNT)),
      ex('owned accounts', (db) => orders.findOrderInScope(db, ORDER, OWNED)),
    ],
    countOrdersInScope: [ex('own', (db) => orders.countOrdersInScope(db, ORDERS, OWN))],
    findOrder: [
      ex('any account', (db) => orders.findOrder(db, ORDER)),
      ex("a merchant's", (db) => orders.findOrder(db, ORDER, MERCHANT)),
    ],
    followingFacts: [ex('orders', (db) => orders.followingFacts(db, [ORDER]))],
    parcelsOf: [ex('an order', (db) => orders.parcelsOf(db, ORDER))],
    ordersWithParcels: [ex('two orders', (db) => orders.ordersWithParcels(db, ORDERS), [[{ id: ORDER }], []])],
    parcelsOfOrders: [ex('two orders', (db) => orders.parcelsOfOrders(db, ORDERS))],
    transition: [
      ex('from a state', (db) => orders.transition(db, ORDER, [S.pendingTransport], S.cancelling)),
      ex('unchanged since read, with columns', (db) =>
        orders.transition(db, ORDER, [S.draft, S.failed], S.rejected, { fail_reason: 'No label' }, 4),
      ),
    ],
    transitionMany: [
      ex('orders read in one state', (db) => orders.transitionMany(db, ORDERS, S.pendingTransport, S.inTransit), [
        [{ id: ORDERS[0] }],
      ]),
    ],
    markReviewed: [ex('an order', (db) => orders.markReviewed(db, ORDER))],
    parseAddress: noSql('parses an address column'),
    touchOrders: [ex('two orders', (db) => orders.touchOrders(db, ORDERS))],
    releaseHeld: [ex('an order', (db) => orders.releaseHeld(db, ORDER))],
    ownOrderByNumber: [ex('a waybill', (db) => orders.ownOrderByNumber(db, MERCHANT, '1Z999AA10123456784'))],
  }),
  repo('modules/orders/order-list-repo.ts', orderList, {
    withReviewThresholds: noSql('reads the run-time settings'),
    listedMode: noSql("works out the mode a list shows from the call's"),
    filteredOrders: [
      ex('no filter, a session', (db) => orderList.filteredOrders(db, LIST, ANY_ACCOUNT).select('orders.id').execute()),
      ex('every filter, owned accounts', (db) =>
        orderList.filteredOrders(db, FILTERED, OWNED).select('orders.id').execute(),
      ),
      ex('explicit ids as given, a test key', (db) =>
        orderList.filteredOrders(db, LIST, OWN_TEST_KEY, true).select('orders.id').execute(),
      ),
    ],
    cappedCount: [ex('own', (db) => orderList.cappedCount(db, LIST, OWN, orderList.EXACT_TOTAL_LIMIT).execute())],
    orderPage: [
      ex('by page', (db) => orderList.orderPage(db, LIST, OWN).execute()),
      ex('after an order, oldest first', (db) =>
        orderList.orderPage(db, { ...LIST, after: ORDER, sort: 'oldest' }, OWN).execute(),
      ),
      ex('between dates, after an order', (db) =>
        orderList.orderPage(db, { ...LIST, from: NOW - 7 * DAY, to: NOW, after: ORDER }, OWN).execute(),
      ),
    ],
    listOrders: [ex('a page and its total', (db) => orderList.listOrders(db, LIST, OWN))],
  }),
  repo('modules/orders/selection-repo.ts', selection, {
    selectionHasCarrierLabels: [
      ex('explicit ids', (db) => selection.selectionHasCarrierLabels(db, OWN, { ids: ORDERS })),
      ex("the list's filters", (db) => selection.selectionHasCarrierLabels(db, OWN, { status: S.pendingTransport })),
    ],
    selectedOrders: [
      ex('one page, labels standing', (db) => drain(selection.selectedOrders(db, OWN, { ids: ORDERS }, true)), [
        [{ id: ORDER }],
        [],
      ]),
      ex('a full page and the next, everything', (db) => drain(selection.selectedOrders(db, OWNED, {}, false)), [
        Array.from({ length: 200 }, (_, i) => ({ id: 5000 - i })),
        [],
        [],
      ]),
      ex(
        "a page's ids, then its orders read in chunks (a download drawing labels)",
        (db) => drain(selection.selectedOrders(db, OWN, { ids: ORDERS }, true, 8)),
        [[{ id: ORDER }], [{ id: ORDER }], []],
      ),
    ],
  }),
  repo('modules/orders/drafts-repo.ts', drafts, {
    orderColumns: noSql("an order's columns from the form"),
    parcelValues: noSql("the parcels' rows from the form"),
    insertDrafts: [
      ex(
        'two drafts of an import',
        (db) =>
          drafts.insertDrafts(
            db,
            MERCHANT,
            [
              { input: INPUT, columns: drafts.draftColumnsOf(INPUT), tagIds: [] },
              { input: INPUT, columns: { items: '[]', held_for_review: 1, rule_trail: '[3]' }, tagIds: [] },
            ],
            (i) => `PP${2000 + i}`,
            { detail: 'import orders.csv', actorId: MERCHANT },
          ),
        [
          [
            { id: 2000, order_no: 'PP2000', is_test: 0 },
            { id: 2001, order_no: 'PP2001', is_test: 0 },
          ],
        ],
      ),
    ],
    draftColumnsOf: noSql("a draft's items"),
    insertCopy: [ex('an order', (db) => drafts.insertCopy(db, ORDER_ROW, 'PP2002'), [[{ id: 2002 }]])],
    copyParcels: [ex('a parcel', (db) => drafts.copyParcels(db, [PARCEL_ROW], 2002))],
    clearParcelLabels: [ex('an order', (db) => drafts.clearParcelLabels(db, ORDER))],
    insertDraft: [ex('a draft', (db) => drafts.insertDraft(db, MERCHANT, 'PP2003', INPUT), [[{ id: 2003 }]])],
    updateDraft: [
      ex('editable', (db) => drafts.updateDraft(db, ORDER, MERCHANT, INPUT), [1]),
      ex('no longer editable', (db) => drafts.updateDraft(db, ORDER, MERCHANT, INPUT)),
    ],
  }),
  repo('modules/orders/placing-repo.ts', placing, {
    moveToPlacing: [ex('two orders', (db) => placing.moveToPlacing(db, PLACINGS, 60_000))],
    completePlacing: [
      ex('two orders, both still placing', (db) => placing.completePlacing(db, LABELS), [ORDERS.map((id) => ({ id }))]),
    ],
    renewPlacing: [ex('an order', (db) => placing.renewPlacing(db, ORDER, 60_000))],
    takeOverPlacing: [ex('an order', (db) => placing.takeOverPlacing(db, ORDER, NOW, 60_000))],
    rememberUpstreamId: [ex('an order', (db) => placing.rememberUpstreamId(db, ORDER, 'shp_1'))],
    failFromPlacing: [
      ex('a purchase that failed', (db) => placing.failFromPlacing(db, ORDER, 'Address not found')),
      ex('a lapsed claim', (db) => placing.failFromPlacing(db, ORDER, 'Purchase lapsed', NOW)),
    ],
    lapsedPurchases: [ex('a sweep', (db) => placing.lapsedPurchases(db, NOW, 100))],
    markUnconfirmed: [ex('an order', (db) => placing.markUnconfirmed(db, ORDER, NOW))],
    unconfirmedPurchases: [
      ex('any account', (db) => placing.unconfirmedPurchases(db, ANY_ACCOUNT)),
      ex('owned accounts', (db) => placing.unconfirmedPurchases(db, OWNED)),
    ],
    releasePlacing: [ex('an order', (db) => placing.releasePlacing(db, ORDER))],
  }),
  repo('modules/orders/settlement-repo.ts', settlement, {
    claimRefund: [ex('an order', (db) => settlement.claimRefund(db, ORDER))],
    claimEarnestRelease: [ex('an order', (db) => settlement.claimEarnestRelease(db, ORDER))],
  }),
  repo('modules/orders/billing-repo.ts', billing, {
    claimBilling: [ex('an order', (db) => billing.claimBilling(db, ORDER, 1250, 40))],
    moveBilledCost: [
      ex('never billed, a paid label', (db) =>
        billing.moveBilledCost(db, { id: ORDER, billed_cost: null, billed_oz: null, billed_at: null }, 1250, 40),
      ),
      ex('billed before, a voided label charged', (db) =>
        billing.moveBilledCost(db, { id: ORDER, billed_cost: 1250, billed_oz: 40, billed_at: NOW }, 1400, null, [
          S.voided,
        ]),
      ),
    ],
    settleBilledCosts: [ex('two orders', (db) => billing.settleBilledCosts(db, ORDERS))],
    ordersByIds: [ex('two orders', (db) => billing.ordersByIds(db, ORDERS))],
    setCommission: [ex('an order', (db) => billing.setCommission(db, ORDER, 120))],
    moveBilledCosts: [
      ex('a first bill and a later one', (db) =>
        billing.moveBilledCosts(
          db,
          new Map([
            [1001, BILLED],
            [1002, { ...BILLED, id: 1002, billed_cost: 1300 }],
          ]),
          new Map([
            [1001, null],
            [1002, 1000],
          ]),
        ),
      ),
      ex('two later bills, each from its own charge', (db) =>
        billing.moveBilledCosts(
          db,
          new Map([
            [1001, BILLED],
            [1002, { ...BILLED, id: 1002, billed_cost: 1300 }],
          ]),
          new Map([
            [1001, 1000],
            [1002, 1100],
          ]),
        ),
      ),
    ],
  }),
  repo('modules/orders/carrier-refunds-repo.ts', carrierRefunds, {
    recordCarrierRefund: [
      ex('a new answer', (db) => carrierRefunds.recordCarrierRefund(db, ORDER, 'refunded', ''), [1]),
      ex('the same answer again', (db) => carrierRefunds.recordCarrierRefund(db, ORDER, 'pending', 'In review')),
    ],
    carrierRefundsToFollow: [ex('a sweep', (db) => carrierRefunds.carrierRefundsToFollow(db, NOW - DAY, 100))],
  }),
  repo('modules/orders/return-orders-repo.ts', returnOrders, {
    markOrderReturn: [ex('an order', (db) => returnOrders.markOrderReturn(db, RETURN))],
    setChargedQuote: [
      ex('a charge', (db) =>
        returnOrders.setChargedQuote(
          db,
          RETURN,
          { price: 850, cost: 700, insurance: 0, proxyId: STAFF, commission: 50 },
          NOW,
        ),
      ),
    ],
  }),
  repo('modules/orders/manifest-repo.ts', manifest, {
    manifestFiles: [ex('two forms', (db) => manifest.manifestFiles(db, [MANIFEST, MANIFEST + 1]))],
    recordManifest: [
      ex(
        'a form of two parcels',
        (db) =>
          manifest.recordManifest(db, {
            channelId: CHANNEL,
            userId: MERCHANT,
            upstreamId: 'SCAN-1',
            fileName: 'scan-1.pdf',
            parcelIds: PARCELS,
          }),
        [[{ id: MANIFEST }]],
      ),
    ],
    markAsked: [
      ex('all of them', (db) => manifest.markAsked(db, PARCELS, NOW), [PARCELS.length]),
      ex('one taken already', (db) => manifest.markAsked(db, PARCELS, NOW), [1]),
    ],
    releaseAsked: [ex('two parcels', (db) => manifest.releaseAsked(db, PARCELS))],
  }),
  repo('modules/orders/form-settlements-repo.ts', formSettlements, {
    asksBefore: [
      ex('any account', (db) => formSettlements.asksBefore(db, ANY_ACCOUNT, NOW - manifest.ASK_SETTLES_AFTER_MS)),
    ],
    askedParcel: [ex('owned accounts', (db) => formSettlements.askedParcel(db, OWNED, PARCEL))],
    askedWith: [ex('a parcel', (db) => formSettlements.askedWith(db, ANY_ACCOUNT, ASKED))],
    recordSettlement: [
      ex('a recorded form', (db) => formSettlements.recordSettlement(db, SETTLEMENT), [
        [{ id: MANIFEST }],
        PARCELS.length,
      ]),
      ex(
        'released',
        (db) =>
          formSettlements.recordSettlement(db, {
            ...SETTLEMENT,
            outcome: 'released',
            formNumber: null,
            fileName: null,
          }),
        [PARCELS.length],
      ),
      ex('taken by another settlement', (db) => formSettlements.recordSettlement(db, SETTLEMENT), [
        [{ id: MANIFEST }],
        1,
      ]),
    ],
  }),
  repo('modules/orders/ledger-rows-repo.ts', ledgerRows, {
    orderLedgerRows: [
      ex('an order', (db) => ledgerRows.orderLedgerRows(db, { id: ORDER, user_id: MERCHANT, order_no: 'PP1001' })),
    ],
  }),
  repo('modules/orders/tracking-pages-repo.ts', trackingPages, {
    newPublicId: noSql('draws a random id'),
    createTrackingPages: [ex('two orders', (db) => trackingPages.createTrackingPages(db, ORDERS))],
    orderIdOfPage: [ex('a page', (db) => trackingPages.orderIdOfPage(db, 'q1w2e3r4t5y6u7i8o9p0aa'))],
    ownPages: [ex('two orders', (db) => trackingPages.ownPages(db, MERCHANT, ORDERS))],
    publicIdOf: [ex('an order', (db) => trackingPages.publicIdOf(db, ORDER))],
    parcelStatesOf: [ex('an order', (db) => trackingPages.parcelStatesOf(db, ORDER))],
  }),
  repo('modules/orders/address-checks-repo.ts', addressChecks, {
    recipientsOf: [ex('own, a test key', (db) => addressChecks.recipientsOf(db, OWN_TEST_KEY, ORDERS))],
    markAddressChecks: [
      ex('two orders', (db) =>
        addressChecks.markAddressChecks(db, [
          { id: ORDER, status: 1, note: '' },
          { id: ORDER + 1, status: 3, note: 'Unknown street' },
        ]),
      ),
    ],
    recordAddressCorrection: [
      ex('address, ZIP and residential', (db) =>
        addressChecks.recordAddressCorrection(db, ORDER, 4, {
          toAddress: JSON.stringify(INPUT.to),
          toZip: '10002-1234',
          residential: true,
          status: 2,
          note: 'ZIP+4 added',
        }),
      ),
      ex('the mark alone', (db) => addressChecks.recordAddressCorrection(db, ORDER, 4, { status: 1, note: '' })),
    ],
  }),
  repo('modules/orders/events-repo.ts', events, {
    eventsOf: [ex('an order', (db) => events.eventsOf(db, ORDER))],
    addEvent: [ex('one event', (db) => events.addEvent(db, ORDER, S.pendingTransport, 'labelCreated', MERCHANT))],
    addEvents: [
      ex('two orders', (db) =>
        events.addEvents(db, [
          {
            orderId: ORDER,
            status: S.cancelling,
            event: 'cancelRequested',
            actorId: STAFF,
            detail: 'Asked by the merchant',
          },
          { orderId: ORDER + 1, status: S.cancelling, event: 'cancelRequested', actorId: null },
        ]),
      ),
    ],
  }),
];
