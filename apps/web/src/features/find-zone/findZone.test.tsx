import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as sysContracts from '@parcelport/shared/contracts/sys-messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, shownMessages, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');

const base = {
  [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
  [on(messagesContracts.listMessages)]: envelope(200, []),
  // The navbar's message box counts the unread system messages too.
  [on(sysContracts.listMySysMessages)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 1, unread: 0 }),
  [on(configContracts.platformValues)]: envelope(200, platformValues('0.10')),
};

/** A query charged 0.30 USD while the screen showed 0.25: the fee changed meanwhile. */
const chargedAfterAChange = envelope(200, {
  zone: 8,
  source: 'distance',
  miles: 2451,
  fee: '0.30',
  balanceAfter: '12.00',
});

function platformValues(zoneQueryFee: string) {
  return {
    exchangeRate: '7.10',
    zoneQueryFee,
    wrongSizePenalty: '5.00',
    label: { size: '4x6', units: 'lb/in', packageCode: 'your_package' },
  };
}

const ask = (origin: string, destination: string) => {
  fireEvent.change(screen.getByTestId('zone-origin'), { target: { value: origin } });
  fireEvent.change(screen.getByTestId('zone-destination'), { target: { value: destination } });
  fireEvent.click(screen.getByTestId('zone-submit'));
};

describe('/findZone', () => {
  it('shows the 0.10 USD fee before asking, then the zone, where it came from and the new balance', async () => {
    const { calls } = stubFetch({
      ...base,
      [on(addressesContracts.queryZone)]: [
        envelope(200, { zone: 8, source: 'distance', miles: 2451, fee: '0.10', balanceAfter: '12.20' }),
        envelope(200, { zone: 5, source: 'chart', miles: 1200, fee: '0.10', balanceAfter: '12.10' }),
      ],
    });
    renderApp('/findZone');
    const fee = await screen.findByTestId('zone-fee');
    await waitFor(() => expect(fee.textContent).toContain('Each query is charged to your USD wallet: $0.10'));
    expect(screen.getByTestId('zone-balance').textContent).toBe('Balance now: $12.30');
    expect(screen.getByTestId('zone-submit').textContent).toBe('Query ($0.10)');
    expect(screen.getByTestId('menu-item-findZone').textContent).toBe('Find zone');

    ask('90210', '10118');
    const result = await screen.findByTestId('zone-result');
    expect(calls.find((call) => call.url === '/api/app/zone/query')?.body).toEqual({
      originZip: '90210',
      destinationZip: '10118',
    });
    expect(screen.getByTestId('zone-value').textContent).toContain('Zone 8');
    expect(screen.getByTestId('zone-source').textContent).toBe('Estimated from distance (2451 miles)');
    expect(screen.getByTestId('zone-charged').textContent).toBe('$0.10');
    expect(screen.getByTestId('zone-balance-after').textContent).toBe('$12.20');
    expect(result).toBeTruthy();
    // The navbar balance is read again.
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/user/info').length).toBeGreaterThan(1));

    ask('90210', '60601');
    await waitFor(() => expect(screen.getByTestId('zone-value').textContent).toContain('Zone 5'));
    expect(screen.getAllByTestId('zone-source')[0]?.textContent).toBe('From the zone chart');
  });

  it('shows the fee in use (a run-time setting), and the one charged when it changed meanwhile', async () => {
    const { calls } = stubFetch({
      ...base,
      [on(configContracts.platformValues)]: [
        envelope(200, platformValues('0.25')),
        envelope(200, platformValues('0.30')),
      ],
      [on(addressesContracts.queryZone)]: chargedAfterAChange,
    });
    renderApp('/findZone');
    await waitFor(() => expect(screen.getByTestId('zone-submit').textContent).toBe('Query ($0.25)'));
    expect(screen.getByTestId('zone-fee').textContent).toContain('$0.25');
    ask('90210', '10118');
    expect((await screen.findByTestId('zone-charged')).textContent).toBe('$0.30');
    await waitFor(() => expect(screen.getByTestId('zone-submit').textContent).toBe('Query ($0.30)'));
    expect(callsOf(calls, configContracts.platformValues)).toHaveLength(2);
  });

  it('never shows a fee it could not read: it says so, and reads it again when asked', async () => {
    const unread = envelope(500, null, 'Server error');
    const { calls } = stubFetch({
      ...base,
      // the first read and its two retries fail, the read asked for answers
      [on(configContracts.platformValues)]: [unread, unread, unread, envelope(200, platformValues('0.35'))],
    });
    renderApp('/findZone');
    const warning = await screen.findByTestId('zone-fee-unread', {}, { timeout: 10_000 });
    expect(warning.textContent).toContain('The current query fee could not be read');
    // no amount after the words, only the balance below them
    expect(screen.getByTestId('zone-fee').textContent).toMatch(/wallet\s*Balance now: \$12\.30$/);
    expect(screen.getByTestId('zone-submit').textContent).toBe('Query');
    expect(callsOf(calls, configContracts.platformValues)).toHaveLength(3);

    fireEvent.click(within(warning).getByRole('button', { name: 'Read again' }));
    await waitFor(() => expect(screen.getByTestId('zone-submit').textContent).toBe('Query ($0.35)'));
    expect(screen.getByTestId('zone-fee').textContent).toContain('$0.35');
    expect(screen.queryByTestId('zone-fee-unread')).toBeNull();
  }, 20_000);

  it('says the fee shown is the last one read when a new read fails', async () => {
    const unread = envelope(500, null, 'Server error');
    stubFetch({
      ...base,
      [on(configContracts.platformValues)]: [envelope(200, platformValues('0.25')), unread, unread, unread],
      // charged a fee that changed meanwhile: the screen reads the fee again, and that read fails
      [on(addressesContracts.queryZone)]: chargedAfterAChange,
    });
    renderApp('/findZone');
    await waitFor(() => expect(screen.getByTestId('zone-submit').textContent).toBe('Query ($0.25)'));
    ask('90210', '10118');
    expect((await screen.findByTestId('zone-charged')).textContent).toBe('$0.30');
    const warning = await screen.findByTestId('zone-fee-unread', {}, { timeout: 10_000 });
    expect(warning.textContent).toContain('the fee above is the last one read');
  }, 20_000);

  it('says clearly when the wallet cannot pay, with the way to recharge', async () => {
    stubFetch({
      ...base,
      [on(addressesContracts.queryZone)]: envelope(
        422,
        null,
        'Insufficient funds: each zone query costs 0.10 USD; please top up first',
      ),
    });
    renderApp('/findZone');
    await screen.findByTestId('zone-fee');
    ask('90210', '10118');
    const refused = await screen.findByTestId('zone-refused');
    expect(refused.textContent).toContain('Insufficient funds: each zone query costs 0.10 USD; please top up first');
    expect(screen.getByTestId('zone-recharge').getAttribute('href')).toBe('/postage/recharge');
    expect(screen.queryByTestId('zone-result')).toBeNull();
    // Shown once, on the page, not also as a passing message.
    expect(shownMessages()).toEqual([]);
  });

  it('checks the ZIP codes before spending anything', async () => {
    const { calls } = stubFetch({ ...base });
    renderApp('/findZone');
    await screen.findByTestId('zone-fee');
    ask('9021', '');
    expect(await screen.findByText(FIELD_MESSAGES.zipFiveDigits['en-US'])).toBeTruthy();
    expect(screen.getByText('Enter a ZIP code')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/app/zone/query')).toBe(false);
  });
  it("tells a team member without `money` the fee and the zone, never the account's balance", async () => {
    stubFetch({
      ...base,
      [on(usersContracts.getUserInfo)]: envelope(
        200,
        sampleUser({
          member: { id: 30, username: 'mia@team.test', name: 'Mia Member', permissions: ['buy'] },
          balance: '',
          wallets: [],
        }),
      ),
      [on(addressesContracts.queryZone)]: [
        envelope(200, { zone: 8, source: 'distance', miles: 2451, fee: '0.10', balanceAfter: '' }),
        envelope(200, { zone: 5, source: 'chart', miles: 1200, fee: '0.10', balanceAfter: '' }),
      ],
    });
    renderApp('/findZone');
    const fee = await screen.findByTestId('zone-fee');
    await waitFor(() => expect(fee.textContent).toContain('$0.10'));
    expect(screen.queryByTestId('zone-balance')).toBeNull();

    ask('90210', '10118');
    await screen.findByTestId('zone-result');
    expect(screen.getByTestId('zone-charged').textContent).toBe('$0.10');
    expect(screen.queryByTestId('zone-balance-after')).toBeNull();
    ask('90210', '60601');
    await waitFor(() => expect(screen.getByTestId('zone-value').textContent).toContain('Zone 5'));
    expect(screen.queryByText('New balance')).toBeNull();
  });
});
