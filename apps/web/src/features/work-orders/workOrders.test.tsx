import * as attachmentsContracts from '@parcelport/shared/contracts/attachments/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as workOrdersContracts from '@parcelport/shared/contracts/work-orders/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  choose,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { detail, page, searchThenReset, threadTexts, workOrder } from './workOrderFixtures';

inEnglishWithToken('customer-token');

const merchant = sampleUser({
  role: ['appQuestionList', 'appSysMessageList'],
  resources: [{ code: 'appQuestionList' }, { code: 'appSysMessageList' }],
});

function stubDesk(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, merchant),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(workOrdersContracts.listMyWorkOrders)]: page([
      workOrder(),
      workOrder({
        id: 12,
        ticketNo: 'WO26112200002',
        type: 'billing',
        subject: 'Charged twice',
        waybill: null,
        status: 1,
        lastReply: 'Thanks, solved.',
        lastReplySide: 'customer',
      }),
    ]),
    [on(workOrdersContracts.getMyWorkOrder, { id: 11 })]: envelope(200, detail()),
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`work-order-row-${id}`);
const listUrls = (calls: StubbedCall[]) => callsOf(calls, workOrdersContracts.listMyWorkOrders).map((call) => call.url);

describe('/settings/management', () => {
  it('lists my work orders with the waybill and its status, the state and the latest reply and who wrote it', async () => {
    const { calls } = stubDesk();
    renderApp('/settings/management');
    await screen.findByTestId('work-order-row-11');
    // Issue 14: the list's own columns fit a 1440 px screen with the menu open.
    expectTableFits();
    expect(screen.getByTestId('menu-item-management').textContent).toBe('Work orders');
    expect(screen.queryByTestId('menu-item-reply')).toBeNull();
    expect(listUrls(calls)[0]).toBe('/api/app/workOrder/list?page=1&pageSize=50');

    const open = row(11);
    expect(open.textContent).toContain('WO26112200001');
    expect(open.textContent).toContain('Tracking & delivery');
    expect(within(open).getByTestId('work-order-subject').textContent).toBe('Parcel stuck in transit');
    expect(within(open).getByTestId('work-order-waybill-link').textContent).toBe('PP2611220031');
    expect(within(open).getByTestId('work-order-waybill-link').getAttribute('href')).toBe('/shipments/detail/31');
    expect(within(open).getByTestId('order-status').textContent).toBe('In transit');
    expect(within(open).getByTestId('work-order-status').textContent).toBe('Being processed');
    expect(within(open).getByTestId('work-order-last').textContent).toBe(
      'Customer service: We have asked the carrier for a trace.',
    );

    const closed = row(12);
    expect(within(closed).getByTestId('work-order-status').textContent).toBe('Closed');
    expect(within(closed).getByTestId('work-order-last').textContent).toBe('You: Thanks, solved.');
    expect(closed.textContent).toContain('—');
    expect(screen.getByText('2 in total')).toBeTruthy();

    fireEvent.click(within(open).getByTestId('work-order-open'));
    await screen.findByTestId('work-order-page-customer');
  });

  it('filters by status, type and keyword on the server, and resets', async () => {
    const { calls } = stubDesk();
    renderApp('/settings/management');
    await screen.findByTestId('work-order-row-11');
    await choose('filter-status', 'Closed');
    await choose('filter-type', 'Claim (lost or damaged)');
    typeInto('filter-keyword', ' PP2611220031 ');
    await searchThenReset(
      () => listUrls(calls).at(-1),
      '/api/app/workOrder/list?page=1&pageSize=50&status=1&type=claim&keyword=PP2611220031',
      '/api/app/workOrder/list?page=1&pageSize=50',
    );
  });

  it('needs a type and a subject before opening a work order, then opens its page', async () => {
    const { calls } = stubDesk({
      [on(workOrdersContracts.openWorkOrder)]: envelope(200, { id: 11, ticketNo: 'WO26112200001' }),
    });
    const { router } = renderApp('/settings/management');
    await screen.findByTestId('work-order-row-11');
    fireEvent.click(screen.getByTestId('work-order-new'));
    await screen.findByTestId('new-work-order-form');
    fireEvent.click(screen.getByTestId('new-work-order-save'));
    // docs/spec.md §5: subject and type are required.
    expect(await screen.findByText('Please choose the type')).toBeTruthy();
    expect(screen.getByText('Please enter the subject')).toBeTruthy();
    typeInto('new-subject', '   ');
    fireEvent.click(screen.getByTestId('new-work-order-save'));
    expect(await screen.findByText('Please enter the subject')).toBeTruthy();
    expect(callsOf(calls, workOrdersContracts.openWorkOrder)).toHaveLength(0);

    await choose('new-type', 'Tracking & delivery');
    typeInto('new-subject', ' Parcel stuck in transit ');
    typeInto('new-description', 'No scan for five days.');
    typeInto('new-waybill', ' PP2611220031 ');
    fireEvent.click(screen.getByTestId('new-work-order-save'));

    expect((await screen.findByTestId('new-work-order-saved')).textContent).toBe(
      'Work order opened; customer service will reply here',
    );
    expect(callsOf(calls, workOrdersContracts.openWorkOrder)[0]?.body).toEqual({
      type: 'tracking',
      subject: 'Parcel stuck in transit',
      description: 'No scan for five days.',
      waybill: 'PP2611220031',
    });
    await waitFor(() => expect(pathOf(router)).toBe('/settings/management/11'));
    expect((await screen.findByTestId('work-order-title')).textContent).toBe('Parcel stuck in transit');
  });

  it('opens the form about an order when asked from its detail (?waybill=)', async () => {
    stubDesk();
    renderApp('/settings/management?waybill=PP2611220031');
    await screen.findByTestId('new-work-order-form');
    await waitFor(() => expect((screen.getByTestId('new-waybill') as HTMLInputElement).value).toBe('PP2611220031'));
  });

  it('shows the server’s word on a waybill that is not mine on the field', async () => {
    stubDesk({
      [on(workOrdersContracts.openWorkOrder)]: envelope(
        400,
        { fields: { 'body.waybill': 'Order not found' } },
        'Invalid input',
      ),
    });
    renderApp('/settings/management');
    await screen.findByTestId('work-order-row-11');
    fireEvent.click(screen.getByTestId('work-order-new'));
    await screen.findByTestId('new-work-order-form');
    await choose('new-type', 'Label');
    typeInto('new-subject', 'Label will not print');
    typeInto('new-waybill', 'PP0000000000');
    fireEvent.click(screen.getByTestId('new-work-order-save'));
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByTestId('new-work-order-form')).toBeTruthy();
  });
});

describe('/settings/management/:id', () => {
  it("opens at docs/spec.md's own path too, /settings/reply?id=", async () => {
    stubDesk();
    renderApp('/settings/reply?id=11');
    expect((await screen.findByTestId('work-order-title')).textContent).toBe('Parcel stuck in transit');
    expect(screen.getByTestId('work-order-ticket').textContent).toContain('WO26112200001');
  });

  it('shows the work order, its waybill and the thread with customer service labelled as such', async () => {
    stubDesk();
    renderApp('/settings/management/11');
    expect((await screen.findByTestId('work-order-title')).textContent).toBe('Parcel stuck in transit');
    expect(screen.getByTestId('work-order-ticket').textContent).toContain('WO26112200001');
    // The menu keeps the list it belongs to selected.
    expect(screen.getByTestId('menu-item-management').closest('li')?.className).toContain('ant-menu-item-selected');
    expect(screen.getByTestId('work-order-waybill-link').getAttribute('href')).toBe('/shipments/detail/31');
    expect(threadTexts()).toEqual([
      'customer | No scan for five days.',
      'service | We have asked the carrier for a trace.',
    ]);
    const [opening, answer] = screen.getAllByTestId('work-order-message');
    expect(within(answer as HTMLElement).getByTestId('work-order-service-label').textContent).toBe('Customer service');
    expect(within(opening as HTMLElement).queryByTestId('work-order-service-label')).toBeNull();
    expect(opening?.textContent).toContain('Ada Buyer');
    // Both files can be opened.
    expect(screen.getAllByTestId('work-order-attachment-link')).toHaveLength(2);
  });

  it('posts a reply (text required) and the thread shows it', async () => {
    const { calls } = stubDesk({
      [on(workOrdersContracts.replyToMyWorkOrder, { id: 11 })]: envelope(
        200,
        detail({
          replies: [
            ...detail().replies,
            {
              id: 102,
              side: 'customer',
              author: 'Ada Buyer',
              content: 'Any news?',
              attachmentUrl: null,
              createdAt: '2026-11-22T01:00:00.000Z',
            },
          ],
          lastReply: 'Any news?',
          lastReplySide: 'customer',
        }),
      ),
    });
    renderApp('/settings/management/11');
    await screen.findByTestId('work-order-thread');
    fireEvent.click(screen.getByTestId('reply-send'));
    expect(await screen.findByText('Please enter a reply')).toBeTruthy();
    expect(callsOf(calls, workOrdersContracts.replyToMyWorkOrder, { id: 11 })).toHaveLength(0);

    typeInto('reply-content', '  Any news?  ');
    fireEvent.click(screen.getByTestId('reply-send'));
    expect((await screen.findByTestId('reply-sent')).textContent).toBe('Reply sent');
    expect(callsOf(calls, workOrdersContracts.replyToMyWorkOrder, { id: 11 })[0]?.body).toEqual({
      content: 'Any news?',
    });
    await waitFor(() => expect(threadTexts().at(-1)).toBe('customer | Any news?'));
    expect((screen.getByTestId('reply-content') as HTMLTextAreaElement).value).toBe('');
  });

  it('sends a reply with a file, and shows the state as it is when the other side closed it meanwhile', async () => {
    const uploaded = { id: 88, name: 'photo.png', mime: 'image/png', size: 2048, url: '/api/app/attachment/88' };
    const { calls } = stubDesk({
      [on(attachmentsContracts.uploadAttachment)]: envelope(200, uploaded, 'upload successful'),
      [on(workOrdersContracts.replyToMyWorkOrder, { id: 11 })]: envelope(
        422,
        null,
        'The work order is closed or cancelled; reopen it to reply',
      ),
      [on(workOrdersContracts.getMyWorkOrder, { id: 11 })]: [
        envelope(200, detail()),
        envelope(200, detail({ status: 1 })),
      ],
    });
    renderApp('/settings/management/11');
    await screen.findByTestId('work-order-thread');
    const input = screen.getByTestId('reply-attachment-upload').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('reply-attachment-name')).textContent).toContain('photo.png');
    typeInto('reply-content', 'Photo of the box attached.');
    fireEvent.click(screen.getByTestId('reply-send'));
    await waitFor(() =>
      expect(callsOf(calls, workOrdersContracts.replyToMyWorkOrder, { id: 11 })[0]?.body).toEqual({
        content: 'Photo of the box attached.',
        attachmentId: 88,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('work-order-status').textContent).toBe('Closed'));
    expect(screen.queryByTestId('reply-form')).toBeNull();
  });

  it('asks before closing; after closing there is no reply box and it can be reopened', async () => {
    const { calls } = stubDesk({
      [on(workOrdersContracts.closeMyWorkOrder, { id: 11 })]: envelope(200, detail({ status: 1 })),
      [on(workOrdersContracts.reopenMyWorkOrder, { id: 11 })]: envelope(200, detail({ status: 0 })),
    });
    renderApp('/settings/management/11');
    await screen.findByTestId('work-order-thread');
    expect(screen.getByTestId('work-order-close')).toBeTruthy();
    expect(screen.getByTestId('work-order-cancel')).toBeTruthy();
    expect(screen.queryByTestId('work-order-reopen')).toBeNull();

    // Changing one's mind sends nothing.
    fireEvent.click(screen.getByTestId('work-order-close'));
    expect((await screen.findAllByText('Close this work order?')).length).toBeGreaterThan(0);
    fireEvent.click((await screen.findAllByTestId('work-order-close-dismiss')).at(-1) as HTMLElement);
    expect(callsOf(calls, workOrdersContracts.closeMyWorkOrder, { id: 11 })).toHaveLength(0);

    fireEvent.click(screen.getByTestId('work-order-close'));
    fireEvent.click((await screen.findAllByTestId('work-order-close-ok')).at(-1) as HTMLElement);
    expect((await screen.findByTestId('work-order-close-done')).textContent).toBe('Work order closed');
    expect(callsOf(calls, workOrdersContracts.closeMyWorkOrder, { id: 11 })).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('work-order-status').textContent).toBe('Closed'));
    expect(screen.queryByTestId('reply-form')).toBeNull();
    expect(screen.getByTestId('work-order-state-note').textContent).toContain('This work order is closed');
    expect(screen.queryByTestId('work-order-close')).toBeNull();
    expect(screen.queryByTestId('work-order-cancel')).toBeNull();

    fireEvent.click(screen.getByTestId('work-order-reopen'));
    expect((await screen.findByTestId('work-order-reopen-done')).textContent).toBe('Work order reopened');
    await waitFor(() => expect(screen.getByTestId('work-order-status').textContent).toBe('Being processed'));
    expect(screen.getByTestId('reply-form')).toBeTruthy();
  });

  it('cancels after confirmation; a cancelled work order offers no action', async () => {
    const { calls } = stubDesk({
      [on(workOrdersContracts.cancelMyWorkOrder, { id: 11 })]: envelope(200, detail({ status: 2 })),
    });
    renderApp('/settings/management/11');
    await screen.findByTestId('work-order-thread');
    fireEvent.click(screen.getByTestId('work-order-cancel'));
    expect((await screen.findAllByText('Cancel this work order?')).length).toBeGreaterThan(0);
    fireEvent.click((await screen.findAllByTestId('work-order-cancel-ok')).at(-1) as HTMLElement);
    expect((await screen.findByTestId('work-order-cancel-done')).textContent).toBe('Work order cancelled');
    expect(callsOf(calls, workOrdersContracts.cancelMyWorkOrder, { id: 11 })).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('work-order-status').textContent).toBe('Cancelled'));
    for (const action of ['close', 'cancel', 'reopen']) {
      expect(screen.queryByTestId(`work-order-${action}`)).toBeNull();
    }
    expect(screen.queryByTestId('reply-form')).toBeNull();
    expect(screen.getByTestId('work-order-state-note').textContent).toContain('cancelled');
  });
});
