import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, stubFetch, urlOf } from '../../test/helpers';
import { renderApp, renderWithProviders } from '../../test/render';
import { JOB_POLL_MS, JobProgressPanel } from './BatchJob';
import { volumeToolsFor } from './VolumeToolbar';
import { job, params, select, stubList, zipReply } from './volumeFixtures';

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

describe('order list volume tools', () => {
  it('gives each list route the tools docs/spec.md §2 names', () => {
    expect(volumeToolsFor('allWaybills')).toEqual({
      buy: true,
      labels: true,
      slips: true,
      manifest: true,
      addresses: true,
      export: true,
    });
    expect(volumeToolsFor('transported')).toMatchObject({ buy: false, labels: true, manifest: true, addresses: true });
    expect(volumeToolsFor('draft')).toMatchObject({ buy: true, labels: false, slips: true, addresses: true });
    expect(volumeToolsFor('isRefuse')).toEqual({
      buy: false,
      labels: false,
      slips: false,
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

  it('prints the packing slips of the selection at either size, and its pick list', async () => {
    const { calls } = stubList({
      [on(volumeContracts.downloadPackingSlips)]: new Response(new Uint8Array([37, 80, 68, 70])),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/transported');
    await screen.findByTestId('order-row-PP-BOUGHT');
    expect(screen.getByTestId('volume-slips').textContent).toBe('Packing slips · from all 2 orders ');
    select('PP-BOUGHT2');
    const slips = () => calls.filter((call) => call.url.startsWith(urlOf(volumeContracts.downloadPackingSlips)));
    const choose = async (choice: string, expected: Record<string, string>, downloads: number) => {
      fireEvent.click(screen.getByTestId('volume-slips'));
      fireEvent.click(await screen.findByTestId(`volume-slips-${choice}`));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(downloads));
      expect(params(slips().at(-1)?.url)).toEqual({ ids: '8', ...expected });
    };
    await choose('slips4x6', { kind: 'slips', size: '4x6' }, 1);
    expect(screen.getByTestId('volume-slips-slipsLetter').textContent).toBe('Packing slips (Letter)');
    await choose('slipsLetter', { kind: 'slips', size: 'letter' }, 2);
    await choose('pickList', { kind: 'pickList', size: 'letter' }, 3);
    expect((click.mock.contexts[2] as HTMLAnchorElement).download).toBe('pick-list.pdf');
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
    await waitFor(() => expect(screen.getByTestId('volume-zip').textContent).toBe('Labels (zip) · from all 2 orders'));
    expect(screen.getByTestId('volume-pdf').textContent).toBe('Labels (one PDF) · from all 2 orders');
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
});
