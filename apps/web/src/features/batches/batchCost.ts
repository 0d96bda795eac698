import type { EstimatedService, JobItem } from '../../api/volume';
import { parseItemMessage } from '../../api/volume';

/** How a batch picks each order's service: its cheapest, its fastest, its cheapest within N days, or one service. */
export type BatchChoice =
  | { strategy: 'cheapest' | 'fastest' }
  | { strategy: 'within'; days: number }
  | { strategy: 'service'; serviceId: number };

/** What a batch of labels would cost, from a finished batch estimate of the same orders. */
export interface BatchCost {
  /** Orders with a price for the choice: the labels the batch would buy. */
  priced: number;
  /** Orders without one (no rate, or the service cannot carry them): the batch would fail them. */
  unpriced: number;
  /** What the priced orders would be charged, in cents; a test label costs nothing. */
  totalCents: number;
}

/** The line an order would be bought with under `choice`, from its estimate's lines. */
function pickedLine(lines: readonly EstimatedService[], choice: BatchChoice): EstimatedService | undefined {
  const available = lines.filter((line) => line.available);
  if (choice.strategy === 'service') return available.find((line) => line.serviceId === choice.serviceId);
  if (choice.strategy === 'within') {
    // As the server's rate shopper: a line that states no transit time is not promised to arrive in time.
    return available
      .filter((line) => line.deliveryDays !== null && line.deliveryDays <= choice.days)
      .reduce<EstimatedService | undefined>(
        (best, line) => (!best || line.totalCents < best.totalCents ? line : best),
        undefined,
      );
  }
  // An order a rule gave a service choice is bought by that choice, not the batch's cheapest or fastest
  // (the server's buyLabelItem); none marked means the choice is unmet and the batch would fail the order.
  if (lines.some((line) => line.byRule !== undefined)) return available.find((line) => line.byRule);
  return available.find((line) => (choice.strategy === 'cheapest' ? line.cheapest : line.fastest));
}

/** Sums an estimate's items as the batch would buy them; `testOrders` are the ids of test-mode orders. */
export function batchCost(items: readonly JobItem[], choice: BatchChoice, testOrders: ReadonlySet<number>): BatchCost {
  let priced = 0;
  let totalCents = 0;
  for (const item of items) {
    const line =
      item.status === 'done' ? pickedLine(parseItemMessage<EstimatedService[]>(item.message) ?? [], choice) : undefined;
    if (!line) continue;
    priced += 1;
    if (!testOrders.has(item.orderId)) totalCents += line.totalCents;
  }
  return { priced, unpriced: items.length - priced, totalCents };
}
