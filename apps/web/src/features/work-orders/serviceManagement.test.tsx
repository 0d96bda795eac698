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
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { detail, page, searchThenReset, threadTexts, workOrder } from './workOrderFixtures';

inEnglishWithToken('staff-token');

const codes = ['menuSystem', 'adminQuestionList', 'appSysMessageList'];
const agent = sampleUser({
  id: 2,
  username: 'help@parcelport.test',
  name: 'Lin Support',
  kind: 'employee',
  role: codes,
  roleCodes: ['customerService'],
  resources: codes.map((code) => ({ code })),
});

function stubQueue(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, agent),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(workOrdersContracts.listServiceWorkOrders)]: page([
      workOrder({ lastReplySide: 'customer', lastReply: 'Any news?' }),
      workOrder({
        id: 14,
        ticketNo: 'WO26112200004',
        subject: 'Refund for a voided label',
        type: 'billing',
        user: { id: 9, username: 'shop@grace.test', name: 'Grace Shop' },
        waybill: null,
        lastReplySide: null,
        lastReply: '',
      }),
    ]),
    [on(workOrdersContracts.getServiceWorkOrder, { id: 11 })]: envelope(200, detail()),
    ...extra,
  });
}

const listUrls = (calls: StubbedCall[]) =>
  callsOf(calls, workOrdersContracts.listServiceWorkOrders).map((call) => call.url);

describe('/adminSettings/serviceManagement', () => {
  it("starts on every merchant's work orders being processed, with the merchant's account", async () => {
    const { calls } = stubQueue();
    renderApp('/adminSettings/serviceManagement');
    await screen.findByTestId('work-order-row-14');
    // Issue 14: the desk's own columns fit a 1440 px screen with the menu open.
    expectTableFits();
    expect(screen.getByTestId('menu-item-serviceManagement').textContent).toBe('Support desk');
    expect(screen.queryByTestId('menu-item-replyService')).toBeNull();
    // The merchant's own screens are not the agent's.
    expect(screen.queryByTestId('menu-item-management')).toBeNull();
    expect(listUrls(calls)[0]).toBe('/api/admin/workOrder/list?page=1&pageSize=50&status=0');
    const statusFilter = screen.getByTestId('filter-status').closest('.ant-select') as HTMLElement;
    expect(within(statusFilter).getByText('Being processed')).toBeTruthy();

    const asked = screen.getByTestId('work-order-row-11');
    expect(within(asked).getByTestId('work-order-merchant').textContent).toBe('buyer@example.comAda Buyer');
    expect(within(asked).getByTestId('work-order-last').textContent).toBe('Ada Buyer: Any news?');
    // Staff see the order number, not a link to the merchant's order screen.
    expect(within(asked).queryByTestId('work-order-waybill-link')).toBeNull();
    expect(within(asked).getByTestId('work-order-waybill').textContent).toContain('PP2611220031');
    expect(within(asked).getByText('Handle')).toBeTruthy();
    const fresh = screen.getByTestId('work-order-row-14');
    expect(within(fresh).getByTestId('work-order-merchant').textContent).toContain('shop@grace.test');
    expect(within(fresh).getByTestId('work-order-last').textContent).toBe('No reply yet');
  });

  it('searches by merchant account and type, and the reset goes back to the queue being processed', async () => {
    const { calls } = stubQueue();
    renderApp('/adminSettings/serviceManagement');
    await screen.findByTestId('work-order-row-14');
    await choose('filter-type', 'Billing & funds');
    typeInto('filter-keyword', 'shop@grace.test');
    await searchThenReset(
      () => listUrls(calls).at(-1),
      '/api/admin/workOrder/list?page=1&pageSize=50&status=0&type=billing&keyword=shop%40grace.test',
      '/api/admin/workOrder/list?page=1&pageSize=50&status=0',
    );
  });
});

describe('/adminSettings/serviceManagement/:id', () => {
  it("opens at docs/spec.md's own path too, /settings/replyService?id=, for customer service only", async () => {
    stubQueue();
    renderApp('/settings/replyService?id=11');
    await screen.findByTestId('work-order-page-service');
    expect(screen.getByTestId('work-order-merchant').textContent).toBe('buyer@example.com (Ada Buyer)');
  });

  it('answers as customer service: the reply goes to the staff desk; close asks first; no cancel', async () => {
    const answered = detail({
      replies: [
        ...detail().replies,
        {
          id: 103,
          side: 'service',
          author: '',
          content: 'The carrier found it; delivery tomorrow.',
          attachmentUrl: null,
          createdAt: '2026-11-22T02:00:00.000Z',
        },
      ],
    });
    const { calls } = stubQueue({
      [on(workOrdersContracts.replyToServiceWorkOrder, { id: 11 })]: envelope(200, answered),
      [on(workOrdersContracts.closeServiceWorkOrder, { id: 11 })]: envelope(200, { ...answered, status: 1 }),
    });
    renderApp('/adminSettings/serviceManagement/11');
    await screen.findByTestId('work-order-page-service');
    expect(screen.getByTestId('work-order-merchant').textContent).toBe('buyer@example.com (Ada Buyer)');
    expect(screen.queryByTestId('work-order-cancel')).toBeNull();
    expect(screen.getByTestId('work-order-close')).toBeTruthy();
    // The merchant's messages are marked as the merchant's.
    expect(within(screen.getAllByTestId('work-order-message')[0] as HTMLElement).getByText('Merchant')).toBeTruthy();

    typeInto('reply-content', 'The carrier found it; delivery tomorrow.');
    fireEvent.click(screen.getByTestId('reply-send'));
    await screen.findByTestId('reply-sent');
    expect(callsOf(calls, workOrdersContracts.replyToServiceWorkOrder, { id: 11 })[0]?.body).toEqual({
      content: 'The carrier found it; delivery tomorrow.',
    });
    await waitFor(() => expect(threadTexts().at(-1)).toBe('service | The carrier found it; delivery tomorrow.'));

    fireEvent.click(screen.getByTestId('work-order-close'));
    expect((await screen.findAllByText('Close this work order?')).length).toBeGreaterThan(0);
    expect(callsOf(calls, workOrdersContracts.closeServiceWorkOrder, { id: 11 })).toHaveLength(0);
    fireEvent.click((await screen.findAllByTestId('work-order-close-ok')).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('work-order-status').textContent).toBe('Closed'));
    expect(screen.getByTestId('work-order-reopen')).toBeTruthy();
    expect(screen.getByTestId('work-order-back').textContent).toBe('Back to the queue');
  });
});
