import type { UpstreamClient } from '../../outbound/types.ts';
import { CLOCK_LEEWAY_MS } from '../upstream/answers.ts';

/**
 * The newest item of an EasyPost list (`GET` of ScanForms, Pickups: newest first, paged by `before_id`) made since
 * `askedAt` (less the clock leeway) that `wanted` picks, asked page by page until one is or the list ends.
 */
export async function firstListed<T extends { id: string }>(
  http: UpstreamClient,
  list: { operation: 'manifest' | 'pickup'; path: string; askedAt: number; reference: string },
  itemsOf: (answer: Awaited<ReturnType<UpstreamClient['send']>>) => { items: T[]; hasMore: boolean },
  wanted: (item: T) => boolean,
): Promise<T | undefined> {
  const since = new Date(list.askedAt - CLOCK_LEEWAY_MS).toISOString();
  for (let beforeId: string | undefined; ; ) {
    const answer = await http.send({
      operation: list.operation,
      method: 'GET',
      path: list.path,
      query: { start_datetime: since, page_size: 100, before_id: beforeId },
      orderNo: list.reference,
    });
    const page = itemsOf(answer);
    const found = page.items.find(wanted);
    if (found) return found;
    const next = page.items.at(-1)?.id;
    // A page that does not move on (the same last item again) ends the search rather than asking forever.
    if (!page.hasMore || !next || next === beforeId) return undefined;
    beforeId = next;
  }
}
