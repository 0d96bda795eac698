import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { WorkOrder, WorkOrderDetail, WorkOrderReply } from '../../api/workOrders';
import { envelope } from '../../test/helpers';

/** A merchant's work order being processed, about an order in transit, last answered by customer service. */
export const workOrder = (overrides: Partial<WorkOrder> = {}): WorkOrder => ({
  id: 11,
  ticketNo: 'WO26112200001',
  type: 'tracking',
  subject: 'Parcel stuck in transit',
  description: 'No scan for five days.',
  status: 0,
  user: { id: 7, username: 'buyer@example.com', name: 'Ada Buyer' },
  waybill: { orderId: 31, orderNo: 'PP2611220031', trackingNo: '1ZA9999W0312345678', status: 2 },
  attachmentUrl: null,
  lastReply: 'We have asked the carrier for a trace.',
  lastReplySide: 'service',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
  ...overrides,
});

export const serviceReply: WorkOrderReply = {
  id: 101,
  side: 'service',
  author: '',
  content: 'We have asked the carrier for a trace.',
  attachmentUrl: '/api/app/attachment/77',
  createdAt: '2026-11-21T09:30:00.000Z',
};

export const detail = (overrides: Partial<WorkOrderDetail> = {}): WorkOrderDetail => ({
  ...workOrder(),
  attachmentUrl: '/api/app/attachment/76',
  replies: [serviceReply],
  ...overrides,
});

export const page = (list: WorkOrder[], total = list.length) => envelope(200, { list, total, page: 1, pageSize: 50 });

/** The texts of the thread's messages, in order, each as "label | content". */
export const threadTexts = () =>
  screen
    .getAllByTestId('work-order-message')
    .map(
      (node) =>
        `${node.getAttribute('data-side')} | ${within(node).getByTestId('work-order-message-content').textContent}`,
    );

/** Submits the filter bar expecting `searched` as the last list call, then resets it expecting `reset`. */
export async function searchThenReset(lastListUrl: () => string | undefined, searched: string, reset: string) {
  fireEvent.click(screen.getByTestId('filter-submit'));
  await waitFor(() => expect(lastListUrl()).toBe(searched));
  fireEvent.click(screen.getByTestId('filter-reset'));
  await waitFor(() => expect(lastListUrl()).toBe(reset));
}
