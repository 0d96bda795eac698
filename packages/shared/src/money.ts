/** Money is integer cents in code and storage, a two-place decimal string in the API (docs/design.md §4-§5). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A money amount as typed: a decimal with at most two places (the web forms check it before sending). */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

/** A non-negative amount as a settings form takes it (a price, a surcharge): up to 9,999,999.99. */
export const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** Parses "12.3" or "12.30" into 1230; returns null for anything that is not such a decimal. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim();
  if (!MONEY_PATTERN.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const [whole, fraction = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}
