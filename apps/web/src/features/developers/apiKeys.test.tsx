import * as apiKeysContracts from '@parcelport/shared/contracts/api-keys/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as webhookContracts from '@parcelport/shared/contracts/webhooks/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../api/apiKeys';
import { useSessionStore } from '../../stores/session';
import { callsOf, choose, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');

const shopify: ApiKey = {
  id: 4,
  name: 'Shopify store',
  prefix: 'pp_7Hq2xY1',
  mode: 'live',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  readOnly: false,
  areas: null,
  ips: null,
  rolledAt: null,
};
const warehouse: ApiKey = {
  id: 3,
  name: 'Warehouse',
  prefix: 'pp_Zk81mNa',
  mode: 'live',
  createdAt: '2026-10-01T10:00:00.000Z',
  expiresAt: '2027-01-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T08:15:00.000Z',
  lastUsedIp: '2001:db8::7',
  readOnly: true,
  areas: ['orders', 'tracking'],
  ips: ['203.0.113.0/24', '2001:db8::/32'],
  rolledAt: null,
};
const secret = 'pp_Q9v0Xw3yZr5tU8sA1bC4dE7fG2hJ6kL0';

function stubKeys(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(apiKeysContracts.listApiKeys)]: envelope(200, [shopify, warehouse]),
    [on(webhookContracts.listWebhookEndpoints)]: envelope(200, []),
    [on(webhookContracts.getTrackingWebhookKey)]: envelope(200, { secretPrefix: null, previousSecretValidUntil: null }),
    [on(configContracts.platformValues)]: envelope(200, {
      exchangeRate: '7.10',
      zoneQueryFee: '0.10',
      wrongSizePenalty: '5.00',
      payees: {},
      apiKeyCallsPerMinute: 600,
      label: { size: '4x6', units: 'lb/in', packageCode: 'package' },
    }),
    ...extra,
  });
}

describe('/settings/api', () => {
  it('explains how to call the API with a key and lists the keys by their prefix only', async () => {
    stubKeys();
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-4');
    expect(screen.getByTestId('menu-item-api').textContent).toBe('API settings');
    expect(screen.getByTestId('api-keys-intro').textContent).toContain('Authorization: Bearer pp_…');
    expect(screen.getByTestId('api-docs-link').getAttribute('href')).toBe('/api/docs');
    expect((await screen.findByTestId('api-keys-limit')).textContent).toMatch(
      /^Each key may make up to 600 calls a minute\./,
    );

    const never = screen.getByTestId('api-key-row-4');
    expect(within(never).getByTestId('api-key-name').textContent).toBe('Shopify store');
    expect(within(never).getByTestId('api-key-prefix').textContent).toBe('pp_7Hq2xY1…');
    expect(within(never).getByTestId('api-key-expires').textContent).toBe('Never');
    expect(within(never).getByTestId('api-key-last-used').textContent).toBe('Never used');
    const used = screen.getByTestId('api-key-row-3');
    expect(within(used).getByTestId('api-key-expires').textContent).toMatch(/^2027-01-0[12]$/);
    expect(within(used).getByTestId('api-key-last-used').textContent).toMatch(/^2026-11-20 \d\d:15$/);
    expect(within(used).getByTestId('api-key-read-only').textContent).toBe('Read only');
    expect(within(never).queryByTestId('api-key-read-only')).toBeNull();
    expect(screen.getByTestId('api-key-count').textContent).toBe('2 of 20 keys');
  });

  it('needs a name; the new key is shown once with a copy button and a warning, then only its prefix', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created = { ...shopify, id: 5, name: 'ERP', prefix: secret.slice(0, 10), key: secret, expiresAt: null };
    const { calls } = stubKeys({
      [on(apiKeysContracts.createApiKey)]: envelope(200, created),
      [on(apiKeysContracts.listApiKeys)]: [
        envelope(200, [shopify, warehouse]),
        envelope(200, [{ ...created, key: undefined }, shopify, warehouse]),
      ],
    });
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-4');
    fireEvent.click(screen.getByTestId('api-key-new'));
    await screen.findByTestId('api-key-form-form');
    fireEvent.click(screen.getByTestId('api-key-form-save'));
    expect(await screen.findByText('Please enter a name for the key')).toBeTruthy();
    expect(callsOf(calls, apiKeysContracts.createApiKey)).toHaveLength(0);

    typeInto('api-key-name-input', ' ERP ');
    await choose('api-key-lifetime', 'Never');
    fireEvent.click(screen.getByTestId('api-key-form-save'));

    const shown = await screen.findByTestId('api-key-secret');
    expect(callsOf(calls, apiKeysContracts.createApiKey)[0]?.body).toEqual({
      name: 'ERP',
      expiresInDays: null,
      mode: 'live',
      readOnly: false,
      areas: null,
      ips: null,
    });
    expect((shown as HTMLInputElement).value).toBe(secret);
    expect(screen.getByTestId('api-key-once-warning').textContent).toContain('it will not be shown again');
    fireEvent.click(screen.getByTestId('api-key-copy'));
    await screen.findByTestId('api-key-copied');
    expect(writeText).toHaveBeenCalledWith(secret);

    fireEvent.click(screen.getByTestId('api-key-done'));
    const row = await screen.findByTestId('api-key-row-5');
    expect(within(row).getByTestId('api-key-prefix').textContent).toBe(`${secret.slice(0, 10)}…`);
    await waitFor(() => expect(document.body.textContent).not.toContain(secret));
  });

  it('sends the chosen lifetime in days, and a key limited to reading', async () => {
    const { calls } = stubKeys({
      [on(apiKeysContracts.createApiKey)]: envelope(200, { ...warehouse, id: 6, key: secret }),
    });
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-4');
    fireEvent.click(screen.getByTestId('api-key-new'));
    await screen.findByTestId('api-key-form-form');
    typeInto('api-key-name-input', 'Nightly export');
    await choose('api-key-lifetime', 'In 30 days');
    fireEvent.click(screen.getByTestId('api-key-read-only-input'));
    fireEvent.click(screen.getByTestId('api-key-form-save'));
    await screen.findByTestId('api-key-secret');
    expect(callsOf(calls, apiKeysContracts.createApiKey)[0]?.body).toEqual({
      name: 'Nightly export',
      expiresInDays: 30,
      mode: 'live',
      readOnly: true,
      areas: null,
      ips: null,
    });
  });

  it('makes a test key: its mode is sent, shown with the new key and tagged in the list by its pp_test_ prefix', async () => {
    const testSecret = 'pp_test_Q9v0Xw3yZr5tU8sA1bC4dE7fG2hJ6kL0';
    const sandbox: ApiKey = { ...shopify, id: 8, name: 'Sandbox', prefix: testSecret.slice(0, 14), mode: 'test' };
    const { calls } = stubKeys({
      [on(apiKeysContracts.createApiKey)]: envelope(200, { ...sandbox, key: testSecret }),
      [on(apiKeysContracts.listApiKeys)]: [
        envelope(200, [shopify, warehouse]),
        envelope(200, [sandbox, shopify, warehouse]),
      ],
    });
    renderApp('/settings/api');
    const live = await screen.findByTestId('api-key-row-4');
    expect(within(live).getByTestId('api-key-mode').textContent).toBe('Live');
    fireEvent.click(screen.getByTestId('api-key-new'));
    await screen.findByTestId('api-key-form-form');
    expect(screen.getByText(/A test key \(pp_test_…\) makes and buys test labels only/)).toBeTruthy();
    typeInto('api-key-name-input', 'Sandbox');
    fireEvent.click(screen.getByTestId('api-key-mode-test'));
    fireEvent.click(screen.getByTestId('api-key-form-save'));
    const created = await screen.findByTestId('api-key-created');
    expect(callsOf(calls, apiKeysContracts.createApiKey)[0]?.body).toMatchObject({ name: 'Sandbox', mode: 'test' });
    expect((screen.getByTestId('api-key-secret') as HTMLInputElement).value).toBe(testSecret);
    expect(within(created).getByTestId('api-key-mode').textContent).toBe('Test');
    fireEvent.click(screen.getByTestId('api-key-done'));
    const row = await screen.findByTestId('api-key-row-8');
    expect(within(row).getByTestId('api-key-mode').textContent).toBe('Test');
    expect(within(row).getByTestId('api-key-prefix').textContent).toBe('pp_test_Q9v0Xw…');
  });

  it('shows each key’s areas, IP allow-list and the address of its last use', async () => {
    stubKeys();
    renderApp('/settings/api');
    const limited = await screen.findByTestId('api-key-row-3');
    expect(within(limited).getByTestId('api-key-areas').textContent).toBe('OrdersTracking');
    expect(within(limited).getByTestId('api-key-ips').textContent).toBe('203.0.113.0/24, 2001:db8::/32');
    expect(within(limited).getByTestId('api-key-last-ip').textContent).toBe('from 2001:db8::7');
    const open = screen.getByTestId('api-key-row-4');
    expect(within(open).getByTestId('api-key-areas').textContent).toBe('All areas');
    expect(within(open).getByTestId('api-key-ips').textContent).toBe('Any address');
    expect(within(open).queryByTestId('api-key-last-ip')).toBeNull();
  });

  it('limits a new key to areas and addresses, refusing a line that is no address before sending', async () => {
    const { calls } = stubKeys({
      [on(apiKeysContracts.createApiKey)]: envelope(200, { ...warehouse, id: 6, key: secret }),
    });
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-4');
    fireEvent.click(screen.getByTestId('api-key-new'));
    await screen.findByTestId('api-key-form-form');
    typeInto('api-key-name-input', 'Label printer');
    await choose('api-key-areas-input', 'Labels');
    await choose('api-key-areas-input', 'Tracking');
    typeInto('api-key-ips-input', '203.0.113.0/24\nwarehouse');
    fireEvent.click(screen.getByTestId('api-key-form-save'));
    expect(await screen.findByText('"warehouse" is not an IPv4 or IPv6 address or block')).toBeTruthy();
    expect(callsOf(calls, apiKeysContracts.createApiKey)).toHaveLength(0);
    typeInto('api-key-ips-input', '203.0.113.0/24\n2001:db8::/32');
    fireEvent.click(screen.getByTestId('api-key-form-save'));
    await screen.findByTestId('api-key-secret');
    expect(callsOf(calls, apiKeysContracts.createApiKey)[0]?.body).toEqual({
      name: 'Label printer',
      expiresInDays: 365,
      mode: 'live',
      readOnly: false,
      areas: ['labels', 'tracking'],
      ips: ['203.0.113.0/24', '2001:db8::/32'],
    });
  });

  it('rolls a key with the chosen overlap, shows the new key once and the old one as rolled', async () => {
    const rolledNew = { ...warehouse, id: 7, prefix: secret.slice(0, 10), key: secret };
    const oldRolled = { ...warehouse, rolledAt: '2026-11-28T10:00:00.000Z', expiresAt: '2026-11-29T10:00:00.000Z' };
    const { calls } = stubKeys({
      [on(apiKeysContracts.rollApiKey, { id: 3 })]: envelope(200, rolledNew),
      [on(apiKeysContracts.listApiKeys)]: [
        envelope(200, [shopify, warehouse]),
        envelope(200, [{ ...rolledNew, key: undefined }, shopify, oldRolled]),
      ],
    });
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-3');
    fireEvent.click(within(screen.getByTestId('api-key-row-3')).getByTestId('api-key-roll'));
    await screen.findByText('Roll the key "Warehouse"?');
    await choose('api-key-overlap', '72 hours');
    fireEvent.click(await screen.findByTestId('api-key-roll-ok'));
    const shown = await screen.findByTestId('api-key-secret');
    expect((shown as HTMLInputElement).value).toBe(secret);
    expect(callsOf(calls, apiKeysContracts.rollApiKey, { id: 3 })[0]?.body).toEqual({ overlapHours: 72 });
    fireEvent.click(screen.getByTestId('api-key-done'));
    const old = await screen.findByTestId('api-key-row-3');
    await waitFor(() =>
      expect(within(old).getByTestId('api-key-rolled').textContent).toMatch(/^Rolled: stops 2026-11-29 \d\d:00$/),
    );
    expect(within(old).getByTestId('api-key-roll').hasAttribute('disabled')).toBe(true);
    expect(
      within(await screen.findByTestId('api-key-row-7'))
        .getByTestId('api-key-roll')
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('revokes a key only after confirmation', async () => {
    const { calls } = stubKeys({
      [on(apiKeysContracts.revokeApiKey, { id: 3 })]: envelope(200, null),
      [on(apiKeysContracts.listApiKeys)]: [envelope(200, [shopify, warehouse]), envelope(200, [shopify])],
    });
    renderApp('/settings/api');
    await screen.findByTestId('api-key-row-3');
    fireEvent.click(within(screen.getByTestId('api-key-row-3')).getByTestId('api-key-revoke'));
    expect((await screen.findAllByText('Revoke the key "Warehouse"?')).length).toBeGreaterThan(0);
    expect(callsOf(calls, apiKeysContracts.revokeApiKey, { id: 3 })).toHaveLength(0);
    fireEvent.click((await screen.findAllByTestId('api-key-revoke-ok')).at(-1) as HTMLElement);
    expect((await screen.findByTestId('api-key-revoked')).textContent).toBe('Key "Warehouse" revoked');
    expect(callsOf(calls, apiKeysContracts.revokeApiKey, { id: 3 })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('api-key-row-3')).toBeNull());
    expect(screen.getByTestId('api-key-row-4')).toBeTruthy();
  });
});

describe('what only the account holder may do', () => {
  const acting = { actingAs: { actorId: 1, actorUsername: 'admin@example.com' } };

  it('staff acting as the merchant see the keys but cannot make or revoke one', async () => {
    stubKeys({ [on(usersContracts.getUserInfo)]: envelope(200, sampleUser(acting)) });
    renderApp('/settings/api');
    const row = await screen.findByTestId('api-key-row-4');
    expect(screen.getByTestId('api-key-new').hasAttribute('disabled')).toBe(true);
    expect(within(row).getByTestId('api-key-revoke').hasAttribute('disabled')).toBe(true);
  });

  it('the account page says a password change signs out elsewhere and keeps the keys; acting staff get no form', async () => {
    stubKeys();
    const { unmount } = renderApp('/settings/account');
    expect((await screen.findByTestId('account-password-note')).textContent).toBe(
      'Changing your password signs you out on every other device and browser. API keys keep working: revoke them under Settings → API.',
    );
    expect(screen.getByTestId('account-password-submit')).toBeTruthy();
    unmount();
    useSessionStore.setState({ userInfo: null });
    stubKeys({ [on(usersContracts.getUserInfo)]: envelope(200, sampleUser(acting)) });
    renderApp('/settings/account');
    expect((await screen.findByTestId('account-password-acting')).textContent).toContain(
      'Only the account holder can change the password',
    );
    expect(screen.queryByTestId('account-password-submit')).toBeNull();
  });
});
