/**
 * Which column of an uploaded sheet holds each field: the header the caller mapped by hand first, then the
 * field's own names (its key, its headers in either language, common aliases), compared without case,
 * spaces, underscores, dashes or colons (dropped, so that "TrackingNumber", "tracking_number" and "Tracking Number"
 * are one name). A header the sheet repeats is its first column (FedEx repeats each charge pair 25 times). Used
 * by the order import and the carrier bills.
 */
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_\-:]+/g, '');

export function matchColumns<F extends string>(
  headers: readonly string[],
  fields: readonly { key: F; names: readonly string[] }[],
  mapping: Partial<Record<F, string>>,
): Map<F, number> {
  const index = new Map<string, number>();
  headers.forEach((header, i) => {
    if (!index.has(normalise(header))) index.set(normalise(header), i);
  });
  const columns = new Map<F, number>();
  for (const field of fields) {
    const names = [mapping[field.key], field.key, ...field.names].filter(Boolean) as string[];
    const found = names.map((name) => index.get(normalise(name))).find((i) => i !== undefined);
    if (found !== undefined) columns.set(field.key, found);
  }
  return columns;
}

/** A column's letters as a spreadsheet shows them: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
