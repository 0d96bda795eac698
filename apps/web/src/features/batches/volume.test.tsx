import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../api/volume';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, type StubbedCall, sampleUser, stubFetch, urlOf } from '../../test/helpers';
import { renderApp, renderWithProviders } from '../../test/render';
import { listItem } from '../../test/shipmentFixtures';
import { JOB_POLL_MS, JobProgressPanel } from './BatchJob';
import { volumeToolsFor } from './VolumeToolbar';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:file' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

const job = (over: Partial<JobView>): JobView => ({
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

const stat = (testId: string) =>
  screen.getByTestId(testId).querySelector('.ant-statistic-content-value')?.textContent ?? '';

const failures = {
  list: [{ orderId: 3, orderNo: 'PP-C', status: 'failed', message: 'Insufficient funds' }],
  total: 1,
  page: 1,
  pageSize: 1000,
};

describe('batch progress panel', () => {
  it('polls every ~500 ms until the job is done, then lists the failures with reasons', async () => {
    // The clock runs on as usual, and can be moved on at the end to show that no poll is left.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch({
      [on(volumeContracts.getJob, { id: 9 })]: [
        envelope(200, job({ status: 'queued' })),
        envelope(200, job({ done: 1, left: 2 })),
        envelope(200, job({ done: 2, failed: 1, left: 0, status: 'done', finishedAt: '2026-01-02T03:04:06.000Z' })),
      ],
      [on(volumeContracts.listJobItems, { id: 9 })]: envelope(200, failures),
    });
    const onFinished = vi.fn();
    renderWithProviders(<JobProgressPanel jobId={9} onFinished={onFinished} />);
    await waitFor(() => expect(screen.getByTestId('job-status').dataset.status).toBe('queued'));
    expect(stat('job-left')).toBe('3');
    expect(screen.getByTestId('job-cancel')).toBeTruthy();

    await waitFor(() => expect(stat('job-done')).toBe('1'));
    expect(stat('job-left')).toBe('2');
    expect(screen.getByTestId('job-status').textContent).toBe('Running');

    await waitFor(() => expect(screen.getByTestId('job-status').dataset.status).toBe('done'));
    expect([stat('job-done'), stat('job-failed'), stat('job-left')]).toEqual(['2', '1', '0']);
    expect(screen.queryByTestId('job-cancel')).toBeNull();
    const failure = await screen.findByTestId('job-failure-PP-C');
    expect(failure.textContent).toBe('PP-CInsufficient funds');
    expect(calls.find((call) => call.url.startsWith(urlOf(volumeContracts.listJobItems, { id: 9 })))?.url).toBe(
      `${urlOf(volumeContracts.listJobItems, { id: 9 })}?page=1&pageSize=1000&status=failed`,
    );
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.calls[0]?.[0]).toMatchObject({ status: 'done', done: 2, failed: 1 });

    // No more polling once the job has ended.
    const polls = calls.filter((call) => call.url === urlOf(volumeContracts.getJob, { id: 9 })).length;
    expect(polls).toBe(3);
    await vi.advanceTimersByTimeAsync(10 * JOB_POLL_MS);
    expect(calls.filter((call) => call.url === urlOf(volumeContracts.getJob, { id: 9 })).length).toBe(polls);
    vi.useRealTimers();
  });

  it('stops a running job on request and says how many were left undone', async () => {
    let cancelled = false;
    const { calls } = stubFetch({
      [on(volumeContracts.getJob, { id: 9 })]: () =>
        envelope(200, cancelled ? job({ status: 'cancelled', done: 1, left: 2 }) : job({ done: 1, left: 2 })),
      [on(volumeContracts.cancelJob, { id: 9 })]: () => {
        cancelled = true;
        return envelope(200, null);
      },
    });
    renderWithProviders(<JobProgressPanel jobId={9} />);
    fireEvent.click(await screen.findByTestId('job-cancel'));
    expect((await screen.findByTestId('job-cancelled')).textContent).toBe(
      'The job was stopped; 2 orders were left undone',
    );
    expect(calls.filter((call) => call.url === urlOf(volumeContracts.cancelJob, { id: 9 }))).toHaveLength(1);
  });
});

const orders = [
  listItem({ id: 1, orderNo: 'PP-A', status: 0 }),
  listItem({ id: 2, orderNo: 'PP-B', status: 0, addressStatus: 3, addressNote: 'stateCode: the state does not match' }),
  listItem({ id: 3, orderNo: 'PP-C', status: 0, addressStatus: 1 }),
  listItem({ id: 7, orderNo: 'PP-BOUGHT', status: 1, tackNo: '1Z999AA10123456784', carrierCode: 'UPS' }),
  listItem({ id: 8, orderNo: 'PP-BOUGHT2', status: 1, tackNo: '1Z999AA10123456793', carrierCode: 'UPS' }),
];

function stubList(extra: Parameters<typeof stubFetch>[0] = {}) {
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

const select = (orderNo: string) =>
  fireEvent.click(within(screen.getByTestId(`order-row-${orderNo}`)).getByRole('checkbox'));
const params = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
const zipReply = () =>
  new Response(new Uint8Array([80, 75, 5, 6]), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="labels-2026-01-02.zip"',
    },
  });

/** A batch estimate's lines for one order: cheapest, fastest, and one that cannot carry it. */
const services = [
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
const estimated = {
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

describe('order list volume tools', () => {
  it('gives each list route the tools docs/spec.md §2 names', () => {
    expect(volumeToolsFor('allWaybills')).toEqual({
      buy: true,
      labels: true,
      manifest: true,
      addresses: true,
      export: true,
    });
    expect(volumeToolsFor('transported')).toMatchObject({ buy: false, labels: true, manifest: true, addresses: true });
    expect(volumeToolsFor('draft')).toMatchObject({ buy: true, labels: false, addresses: true });
    expect(volumeToolsFor('isRefuse')).toEqual({
      buy: false,
      labels: false,
      manifest: false,
      addresses: false,
      export: true,
    });
  });

  it('downloads the selected labels as a zip named as chosen, and as one PDF', async () => {
    const { calls } = stubList({
      [on(volumeContracts.downloadLabelsZip.app)]: zipReply(),
      [on(volumeContracts.downloadLabelsPdf.app)]: new Response(new Uint8Array([37, 80, 68, 70])),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/transported');
    await screen.findByTestId('order-row-PP-BOUGHT');
    select('PP-BOUGHT');
    select('PP-BOUGHT2');
    fireEvent.click(screen.getByTestId('label-name-by-trackingNo'));
    expect(screen.getByTestId('volume-zip').textContent).toBe('Labels (zip)');
    fireEvent.click(screen.getByTestId('volume-zip'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const zip = calls.find((call) => call.url.startsWith(urlOf(volumeContracts.downloadLabelsZip.app)));
    expect(zip?.url).toBe(`${urlOf(volumeContracts.downloadLabelsZip.app)}?ids=7%2C8&nameBy=trackingNo`);
    expect(params(zip?.url)).toEqual({ ids: '7,8', nameBy: 'trackingNo' });
    expect(zip?.headers.Authorization).toBe('Bearer customer-token');
    expect(zip?.headers.isDownLoadFile).toBe('true');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('labels-2026-01-02.zip');

    fireEvent.click(screen.getByTestId('volume-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const pdfs = () => calls.filter((call) => call.url.startsWith(urlOf(volumeContracts.downloadLabelsPdf.app)));
    expect(params(pdfs()[0]?.url)).toEqual({ ids: '7,8' });

    // With packing slips: each label followed by its order's slip, in one PDF.
    expect(screen.getByTestId('volume-pdf-slips').textContent).toBe('Labels + packing slips');
    fireEvent.click(screen.getByTestId('volume-pdf-slips'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    expect(params(pdfs()[1]?.url)).toEqual({ ids: '7,8', withSlips: 'true' });
  });

  it('with nothing selected, downloads and exports what the list filters match', async () => {
    const { calls } = stubList({
      [on(volumeContracts.downloadLabelsZip.app)]: zipReply(),
      [on(volumeContracts.exportOrders.app)]: new Response(new Uint8Array([80, 75])),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/transported');
    await screen.findByTestId('order-row-PP-BOUGHT');
    fireEvent.change(screen.getByTestId('orders-batch'), { target: { value: 'B7' } });
    fireEvent.click(screen.getByTestId('orders-search'));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/app/order/orders')).at(-1)?.url).toContain('batchNo=B7'),
    );
    // Nothing selected: the downloads say they take every order the filters match.
    await waitFor(() => expect(screen.getByTestId('volume-zip').textContent).toBe('Labels (zip) · all 2'));
    expect(screen.getByTestId('volume-pdf').textContent).toBe('Labels (one PDF) · all 2');
    fireEvent.click(screen.getByTestId('volume-zip'));
    fireEvent.click(screen.getByTestId('volume-export'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith(urlOf(volumeContracts.exportOrders.app)))).toBe(true),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith(urlOf(volumeContracts.downloadLabelsZip.app)))).toBe(true),
    );
    expect(
      params(calls.find((call) => call.url.startsWith(urlOf(volumeContracts.downloadLabelsZip.app)))?.url),
    ).toEqual({
      batchNo: 'B7',
      status: '1',
      nameBy: 'orderNo',
    });
    expect(params(calls.find((call) => call.url.startsWith(urlOf(volumeContracts.exportOrders.app)))?.url)).toEqual({
      batchNo: 'B7',
      status: '1',
    });
  });

  it('prints the manifest of the selected labels, or of a day’s labels when none are selected', async () => {
    const { calls } = stubList({
      [on(volumeContracts.downloadManifest)]: new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'content-disposition': 'attachment; filename="MF20260102000007.pdf"' },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/transported');
    await screen.findByTestId('order-row-PP-BOUGHT');
    fireEvent.click(screen.getByTestId('volume-manifest'));
    fireEvent.click(await screen.findByTestId('volume-manifest-create'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const manifests = () => calls.filter((call) => call.url.startsWith(urlOf(volumeContracts.downloadManifest)));
    expect(params(manifests()[0]?.url)).toEqual({ date: new Date().toLocaleDateString('sv-SE') });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('MF20260102000007.pdf');

    select('PP-BOUGHT2');
    fireEvent.click(screen.getByTestId('volume-manifest'));
    await waitFor(() => expect(manifests()).toHaveLength(2));
    expect(params(manifests()[1]?.url)).toEqual({ ids: '8' });
  });

  it('buys labels for the selection with the chosen strategy and shows the job to the end', async () => {
    const { calls } = stubList({
      ...estimated,
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser({ balance: '20.00', creditLimit: '0.00' })),
      [on(volumeContracts.startBatchLabels)]: envelope(200, { jobId: 9 }),
      [on(volumeContracts.getJob, { id: 9 })]: [
        envelope(200, job({ total: 2, left: 2 })),
        envelope(200, job({ total: 2, done: 2, left: 0, status: 'done' })),
      ],
      [on(volumeContracts.listJobItems, { id: 9 })]: envelope(200, {
        list: [
          {
            orderId: 1,
            orderNo: 'PP-A',
            status: 'done',
            message: JSON.stringify({ trackingNo: '1ZAAA', rate: 910, serviceName: 'UPS Ground' }),
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/shipments/draft');
    await screen.findByTestId('order-row-PP-A');
    expect((screen.getByTestId('volume-labels') as HTMLButtonElement).disabled).toBe(true);
    select('PP-A');
    select('PP-B');
    fireEvent.click(screen.getByTestId('volume-labels'));
    await screen.findByTestId('batch-labels-choose');
    // The dialog says an order with a rule's choice follows it under the cheapest or fastest.
    expect(screen.getByTestId('batch-rule-hint').textContent).toContain(
      'an order a rule gave a rate choice is bought by that choice',
    );
    // Before anything is charged: what the batch buys, its total, and the balance after, for the choice made.
    const cost = await screen.findByTestId('batch-cost');
    expect(within(cost).getByTestId('batch-cost-count').textContent).toBe('1');
    expect(within(cost).getByTestId('batch-cost-total').textContent).toBe('$9.12');
    expect(within(cost).getByTestId('batch-cost-after').textContent).toBe('$10.88');
    expect(screen.getByTestId('batch-cost-unpriced').textContent).toContain('1 orders have no price');
    expect(calls.filter((call) => call.url === urlOf(volumeContracts.startBatchLabels))).toHaveLength(0);
    fireEvent.click(screen.getByTestId('batch-strategy-fastest'));
    expect(within(cost).getByTestId('batch-cost-total').textContent).toBe('$38.00');
    expect(screen.getByTestId('batch-cost-short')).toBeTruthy();
    expect(screen.getByTestId('batch-labels-start').textContent).toBe('Buy 2 labels');
    fireEvent.click(screen.getByTestId('batch-labels-start'));
    await screen.findByTestId('job-progress');
    expect(calls.find((call) => call.url === urlOf(volumeContracts.startBatchLabels))?.body).toEqual({
      ids: [1, 2],
      strategy: 'fastest',
    });
    await waitFor(() => expect(screen.getByTestId('job-status').dataset.status).toBe('done'));
    const summary = await screen.findByTestId('labels-summary');
    await waitFor(() => expect(summary.textContent).toContain('1ZAAA'));
    expect(summary.textContent).toContain('$9.10');
    // The list and the balance are read again once the job ends.
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/user/info').length).toBeGreaterThan(1));
  });

  it('before a batch is bought, names the orders held for review and the ones the carrier will likely correct, with the total extra', async () => {
    const { calls } = stubList({
      ...estimated,
      [on(ordersContracts.listOrders.app)]: envelope(200, {
        list: [{ ...(orders[0] as (typeof orders)[number]), heldForReview: true }, orders[1], orders[2]],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
      [on(ordersContracts.checkAdjustmentRisk)]: envelope(200, {
        checked: 3,
        flagged: [
          {
            orderId: 2,
            orderNo: 'PP-B',
            basis: 'sku',
            key: 'MUG-HEAVY',
            labels: 4,
            corrected: 4,
            expectedExtra: '2.50',
            declaredWeightOz: 16,
            declaredSize: '10 x 8 x 6 in',
            billedWeightOz: 48,
            billedSize: '12 x 10 x 8 in',
          },
          {
            orderId: 3,
            orderNo: 'PP-C',
            basis: 'package',
            key: '10 x 8 x 6 in',
            labels: 6,
            corrected: 3,
            expectedExtra: '1.25',
            declaredWeightOz: 16,
            declaredSize: '10 x 8 x 6 in',
            billedWeightOz: 32,
            billedSize: '',
          },
        ],
        totalExpectedExtra: '3.75',
      }),
    });
    renderApp('/shipments/draft');
    await screen.findByTestId('order-row-PP-A');
    expect(within(screen.getByTestId('order-row-PP-A')).getByTestId('order-held-tag').textContent).toBe(
      'Held for review',
    );
    for (const orderNo of ['PP-A', 'PP-B', 'PP-C']) select(orderNo);
    fireEvent.click(screen.getByTestId('volume-labels'));
    await screen.findByTestId('batch-labels-choose');
    const held = await screen.findByTestId('batch-held');
    expect(held.textContent).toContain(
      '1 of these orders are held for review by a rule and will not be bought until released',
    );
    expect(held.textContent).toContain('PP-A');
    const risk = await screen.findByTestId('batch-adjustment-risk');
    expect(calls.find((call) => call.url === urlOf(ordersContracts.checkAdjustmentRisk))?.body).toEqual({
      ids: [1, 2, 3],
    });
    expect(within(risk).getByTestId('batch-adjustment-risk-total').textContent).toBe('$3.75');
    expect(risk.textContent).toContain('2 orders will likely be corrected by the carrier afterwards');
    expect(
      within(risk)
        .getAllByTestId('batch-adjustment-risk-order')
        .map((row) => row.textContent),
    ).toEqual([
      'PP-B: $2.50 · The carrier corrected 4 of your 4 labels of SKU MUG-HEAVY.',
      'PP-C: $1.25 · The carrier corrected 3 of your 6 labels in a 10 x 8 x 6 in package.',
    ]);
  });

  it('rates the selection as a job and shows each order’s cheapest and fastest service', async () => {
    const { calls } = stubList(estimated);
    renderApp('/shipments/draft');
    await screen.findByTestId('order-row-PP-A');
    select('PP-A');
    select('PP-B');
    expect(screen.queryByTestId('volume-rate-again')).toBeNull();
    fireEvent.click(screen.getByTestId('volume-rate'));
    const row = await screen.findByTestId('estimate-row-PP-A');
    expect(calls.find((call) => call.url === urlOf(volumeContracts.startBatchEstimate))?.body).toEqual({ ids: [1, 2] });
    const cells = Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells).toEqual(['PP-A', 'USPS Ground Advantage$9.12', 'FedEx 2Day$38.00 · 2 days', '2 / 3']);
    expect(screen.getByTestId('estimate-row-PP-B').textContent).toBe('PP-BNo service');

    // Closed, the results are still at hand: the toolbar opens them again without a new job.
    fireEvent.click(screen.getByTestId('batch-rate-close'));
    fireEvent.click(await screen.findByTestId('volume-rate-again'));
    expect((await screen.findByTestId('estimate-row-PP-A')).textContent).toContain('USPS Ground Advantage');
    expect(calls.filter((call) => call.url === urlOf(volumeContracts.startBatchEstimate))).toHaveLength(1);
  });

  it('checks the selected addresses, sums them up, and the list shows each order’s mark with its note', async () => {
    const { calls } = stubList({
      [on(addressesContracts.validateOrderAddresses)]: envelope(200, {
        valid: 1,
        corrected: 0,
        invalid: 1,
        results: [
          { id: 3, orderNo: 'PP-C', status: 1, note: '', check: { issues: [], suggestion: {} } },
          {
            id: 2,
            orderNo: 'PP-B',
            status: 3,
            note: 'stateCode: the state does not match',
            check: { issues: [], suggestion: {} },
          },
        ],
      }),
    });
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-B');
    const mark = within(screen.getByTestId('order-row-PP-B')).getByTestId('address-status');
    expect(mark.textContent).toBe('Invalid');
    expect(mark.dataset.status).toBe('3');
    fireEvent.mouseEnter(mark);
    expect((await screen.findByRole('tooltip')).textContent).toBe('stateCode: the state does not match');
    // Issue 14: the mark stands under the recipient once the address is checked; an unchecked one has none there.
    expect(within(screen.getByTestId('order-row-PP-A')).queryByTestId('address-status')).toBeNull();

    select('PP-B');
    select('PP-C');
    const lists = calls.filter((call) => call.url.startsWith('/api/app/order/orders')).length;
    fireEvent.click(screen.getByTestId('volume-addresses'));
    const result = await screen.findByTestId('address-result');
    expect(calls.find((call) => call.url === '/api/app/user/address/validate/batch')?.body).toEqual({ ids: [2, 3] });
    expect(within(result).getByTestId('address-valid').textContent).toContain('1');
    expect(within(result).getByTestId('address-invalid').textContent).toContain('1');
    expect(result.textContent).toContain('PP-B');
    expect(result.textContent).not.toContain('PP-C');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/app/order/orders')).length).toBeGreaterThan(lists),
    );
  });

  it('opens the drafts of an import batch from its link', async () => {
    const { calls } = stubList();
    renderApp('/shipments/draft?batchNo=B2026010100002');
    await screen.findByTestId('order-row-PP-A');
    expect(calls.find((call) => call.url.startsWith('/api/app/order/orders'))?.url).toBe(
      '/api/app/order/orders?batchNo=B2026010100002&status=0&page=1&pageSize=50',
    );
    expect((screen.getByTestId('orders-batch') as HTMLInputElement).value).toBe('B2026010100002');
    fireEvent.click(screen.getByTestId('order-list-import'));
    await screen.findByTestId('import-page');
  });
});
