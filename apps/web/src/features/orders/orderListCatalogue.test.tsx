import { LOCALES, type Locale } from '@parcelport/shared';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { catalogueOf } from '../../locales/catalogue';
import { useSessionStore } from '../../stores/session';
import { setWindowWidth } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { stubList } from './orderListFixtures';

/**
 * A merchant's first screen draws from the catalogue's shell and list parts alone (catalogue-parts.ts): a key
 * of any other part, asked for there, makes the app load the rest of the catalogue in both languages (tens of
 * KB more before the list is whole). Here the catalogue holds only those two parts while the order list
 * draws its rows, filters, toolbar and the layout around them; every key asked for and missing is recorded.
 */
const parts = (locale: Locale) =>
  Promise.all([
    import(`virtual:catalogue/${locale}/shell`) as Promise<{ default: Record<string, string> }>,
    import(`virtual:catalogue/${locale}/list`) as Promise<{ default: Record<string, string> }>,
  ]);

const missing: string[] = [];
const recordMissing = (_locales: readonly string[], _namespace: string, key: string) => void missing.push(key);

beforeAll(async () => {
  for (const locale of LOCALES) {
    const [shell, list] = await parts(locale);
    i18next.removeResourceBundle(locale, 'translation');
    i18next.addResourceBundle(locale, 'translation', { ...shell.default, ...list.default });
  }
  i18next.on('missingKey', recordMissing);
});
afterAll(() => {
  i18next.off('missingKey', recordMissing);
  // The files after this one in the worker have the whole catalogue again.
  for (const locale of LOCALES) i18next.addResourceBundle(locale, 'translation', catalogueOf(locale), true, true);
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
});

afterEach(() => setWindowWidth(1024));

// On a desktop the rows are a table's; on a phone, cards.
for (const { device, width, row } of [
  { device: 'a desktop', width: 1440, row: 'order-row' },
  { device: 'a phone', width: 390, row: 'order-card' },
]) {
  it(`the order list with its layout asks for no text beyond the shell and list parts of the catalogue, on ${device}`, async () => {
    setWindowWidth(width);
    stubList();
    renderApp('/shipments/allWaybills');
    await screen.findByTestId(`${row}-PP-DRAFT`);
    await screen.findByTestId(`${row}-PP-REJECTED`);
    expect(screen.getByTestId('orders-test-data')).toBeTruthy();
    expect([...new Set(missing)]).toEqual([]);
  });
}
