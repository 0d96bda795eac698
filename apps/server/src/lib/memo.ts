/**
 * Reads shared by the items of one chunk of a batch job (a user's allotted services, their pricing, the
 * zone between two ZIPs…): loaded once for the chunk, so a thousand-order batch does not ask the database
 * the same question a thousand times. A new chunk starts a new memo, so a change made meanwhile (a price
 * rule, an allotment) is seen a few dozen orders later at most.
 */
export type Memo = Map<string, Promise<unknown>>;

/** The memoised answer for `key`, loading it on first use; a failed load is not kept. */
export function memoize<T>(memo: Memo | undefined, key: string, load: () => Promise<T>): Promise<T> {
  if (!memo) return load();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
  }
  return answer;
}
