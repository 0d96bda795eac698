import { describe, expect, it } from 'vitest';
import type { EstimatedService, JobItem } from '../../api/volume';
import { batchCost } from './batchCost';

const line = (serviceId: number, totalCents: number, deliveryDays: number, marks: Partial<EstimatedService> = {}) => ({
  serviceId,
  serviceName: `Service ${serviceId}`,
  available: true,
  reason: null,
  totalCents,
  deliveryDays,
  cheapest: false,
  fastest: false,
  ...marks,
});
const item = (orderId: number, lines: EstimatedService[]): JobItem => ({
  orderId,
  orderNo: `PP-${orderId}`,
  status: 'done',
  message: JSON.stringify(lines),
});

/** A cross-country order: the cheapest service takes 5 days, a dearer one 2. */
const slowCheap = line(1, 900, 5, { cheapest: true });
const fastDear = line(2, 2400, 2, { fastest: true });

describe('what a batch of labels would cost (issue 30)', () => {
  it("prices an order whose rule picks its service by the rule's line, not the batch's cheapest", () => {
    const ruled = item(1, [
      { ...slowCheap, byRule: false },
      { ...fastDear, byRule: true },
    ]);
    const plain = item(2, [slowCheap, fastDear]);
    expect(batchCost([ruled, plain], { strategy: 'cheapest' }, new Set())).toEqual({
      priced: 2,
      unpriced: 0,
      totalCents: 2400 + 900,
    });
  });

  it("counts an order whose rule's choice nothing meets as unpriced, as the batch fails it", () => {
    const unmet = item(1, [
      { ...slowCheap, byRule: false },
      { ...fastDear, byRule: false },
    ]);
    expect(batchCost([unmet], { strategy: 'fastest' }, new Set())).toEqual({ priced: 0, unpriced: 1, totalCents: 0 });
  });

  it("the batch's own within-N-days or one-service choice wins over the rule's", () => {
    const ruled = item(1, [
      { ...slowCheap, byRule: false },
      { ...fastDear, byRule: true },
    ]);
    expect(batchCost([ruled], { strategy: 'service', serviceId: 1 }, new Set()).totalCents).toBe(900);
    expect(batchCost([ruled], { strategy: 'within', days: 7 }, new Set()).totalCents).toBe(900);
  });
});
