/** A money amount from the API (decimal string) with its currency. */
export function Money({ amount, currency = 'USD' }: { amount: string; currency?: string }) {
  const symbol = currency === 'CNY' ? '¥' : '$';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>
      {negative ? '-' : ''}
      {symbol}
      {grouped}.{fraction.padEnd(2, '0')}
    </span>
  );
}
