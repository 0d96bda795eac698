import type { WebhookEventType } from '@parcelport/shared/contracts/webhooks/schemas';

/**
 * A sample `data` per event type: what a test event sends (marked `test: true`) and what docs/api.md's
 * event catalogue shows. The emitting code writes the same fields (events.ts's callers).
 */
export const EVENT_SAMPLES: Record<WebhookEventType, Record<string, unknown>> = {
  'label.created': {
    orderId: 1024,
    orderNo: 'PP2611280001',
    trackingNo: '9400111899223197428490',
    channelId: 3,
    test: false,
  },
  'label.voided': { orderId: 1024, orderNo: 'PP2611280001', trackingNo: '9400111899223197428490' },
  'refund.completed': {
    orderId: 1024,
    orderNo: 'PP2611280001',
    trackingNo: '9400111899223197428490',
    currency: 'USD',
    amount: '7.45',
  },
  'tracking.updated': {
    orderId: 1024,
    trackingNo: '9400111899223197428490',
    status: 2,
    state: 'In transit',
    event: {
      status: 2,
      description: 'Arrived at USPS Regional Facility',
      location: 'CHICAGO IL NETWORK DISTRIBUTION CENTER',
      occurredAt: 1764330000000,
    },
  },
  'return.used': {
    orderId: 1031,
    returnOf: 1024,
    trackingNo: '9202090153540000000000',
    currency: 'USD',
    amount: '6.10',
  },
  'batch.completed': { jobId: 88, type: 'labels', total: 120, done: 118, failed: 2 },
  'bill.adjusted': {
    orderId: 1024,
    orderNo: 'PP2611280001',
    trackingNo: '9400111899223197428490',
    billLineId: 5120,
    currency: 'USD',
    amount: '3.20',
    penalty: '0.00',
  },
  'claim.updated': { claimId: 7, orderId: 1024, status: 'approved', currency: 'USD', amount: '45.00' },
  'order.imported': {
    orderId: 1050,
    orderNo: 'PP2611280007',
    source: 'store',
    storeId: 2,
    platform: 'shopify',
    externalId: '5551234567890',
  },
};
