/** A money amount from the API (decimal string) as text with its currency sign: `$1,234.50`, `-¥3.00`. */
export function formatMoney(amount: string, currency = 'USD'): string {
  const symbol = currency === 'CNY' ? '¥' : '$';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${fraction.padEnd(2, '0')}`;
}

/** A money amount from the API (decimal string) with its currency. */
export function Money({ amount, currency = 'USD' }: { amount: string; currency?: string }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(amount, currency)}</span>;
}
