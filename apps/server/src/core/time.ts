/** ISO-8601 UTC from epoch milliseconds (docs/design.md §4); null stays null. */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
