import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

/**
 * The demo channel's simulated carrier: its next scan of a bought label (received, accepted, departed, out
 * for delivery, delivered), recorded as a carrier's tracking event is, so a pay-on-use return's first scan
 * (and its charge) can be seen without a carrier. Demo channels only.
 */
export const demoScan = defineContract({
  method: 'POST',
  path: '/app/order/demoScan/:id',
  summary: "The demo carrier's next scan of a label bought on a demo channel (simulated tracking)",
  tags: ['returns'],
  // A (simulated) carrier scan of a label: the tracking area.
  keyArea: 'tracking',
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: z.object({ status: z.number(), trackingStatus: z.number() }),
});
