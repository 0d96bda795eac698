import * as configContracts from '@parcelport/shared/contracts/config/index';
import { defaultSettings, viewsOf } from '@parcelport/shared/contracts/config/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  email: 'admin@example.com',
  role: ['menuSystem', 'configList'],
  roleCodes: ['administrator'],
});

const view = (overrides: Partial<configContracts.SettingsView> = {}): configContracts.SettingsView => ({
  values: viewsOf(defaultSettings()),
  saved: [],
  secretsSet: [],
  smtpFromEnvironment: false,
  ...overrides,
});

inEnglishWithToken('admin-token');

const base = {
  [on(usersContracts.getUserInfo)]: envelope(200, admin),
  [on(messagesContracts.listMessages)]: envelope(200, []),
};

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

const openTab = async (group: string) => {
  fireEvent.click(await screen.findByTestId(`sys-config-tab-${group}`));
  return screen.findByTestId(`sys-config-form-${group}`);
};

describe('/adminSettings/sysConfig', () => {
  it('saves only what changed in a group, after checking it with the setting’s own schema', async () => {
    const saved = view({ saved: ['zoneQuery.fee'] });
    saved.values.zoneQuery.fee = '0.25';
    const { calls } = stubFetch({
      ...base,
      [on(configContracts.listConfig)]: envelope(200, view()),
      [on(configContracts.updateConfig)]: envelope(200, saved),
    });
    renderApp('/adminSettings/sysConfig');
    expect((await screen.findByTestId('sys-config-page')).textContent).toContain('System configuration');
    const form = await openTab('zoneQuery');
    const fee = within(form).getByTestId('setting-zoneQuery-fee') as HTMLInputElement;
    expect(fee.value).toBe('0.10');
    expect(within(form).getByTestId('setting-zoneQuery-fee-default')).toBeTruthy();
    const save = within(form).getByTestId('sys-config-save-zoneQuery');
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(fee, { target: { value: '0.123' } });
    expect(await within(form).findByTestId('sys-config-dirty-zoneQuery')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(fieldError('setting-zoneQuery-fee')).toBe(FIELD_MESSAGES.amountInvalid['en-US']));
    fireEvent.change(fee, { target: { value: '200' } });
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(fieldError('setting-zoneQuery-fee')).toBe(FIELD_MESSAGES.settingOutOfRange['en-US']));
    expect(callsOf(calls, configContracts.updateConfig)).toHaveLength(0);

    fireEvent.change(fee, { target: { value: '0.25' } });
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(callsOf(calls, configContracts.updateConfig)).toHaveLength(1));
    expect(callsOf(calls, configContracts.updateConfig)[0]?.body).toEqual({ zoneQuery: { fee: '0.25' } });
    expect(await screen.findByTestId('sys-config-saved')).toBeTruthy();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(within(form).queryByTestId('setting-zoneQuery-fee-default')).toBeNull();
  });

  it("puts the server's field errors on their fields", async () => {
    stubFetch({
      ...base,
      [on(configContracts.listConfig)]: envelope(200, view()),
      [on(configContracts.updateConfig)]: envelope(400, { fields: { 'smtp.host': 'The server refused this host' } }),
    });
    renderApp('/adminSettings/sysConfig');
    const form = await openTab('smtp');
    fireEvent.change(within(form).getByTestId('setting-smtp-host'), { target: { value: 'mail.example.com' } });
    await act(async () => {
      fireEvent.click(within(form).getByTestId('sys-config-save-smtp'));
    });
    await waitFor(() => expect(fieldError('setting-smtp-host')).toBe('The server refused this host'));
  });

  it('keeps a saved SMTP password unless one is typed, and shows the SMTP server’s answer to a test mail', async () => {
    const { calls } = stubFetch({
      ...base,
      [on(configContracts.listConfig)]: envelope(
        200,
        view({
          saved: ['smtp.host', 'smtp.user', 'smtp.password'],
          secretsSet: ['smtp.password'],
          values: {
            ...viewsOf(defaultSettings()),
            smtp: {
              host: 'mail.example.com',
              port: 587,
              secure: false,
              user: 'ops',
              password: '',
              from: 'Ops <o@x.io>',
            },
          },
        }),
      ),
      [on(configContracts.sendTestMail)]: [
        envelope(200, { sent: true, to: 'admin@example.com', response: '250 2.0.0 Ok: queued as 1A2B' }),
        envelope(200, { sent: false, to: 'admin@example.com', response: '535 5.7.8 Authentication failed' }),
      ],
    });
    renderApp('/adminSettings/sysConfig');
    const form = await openTab('smtp');
    const password = within(form).getByTestId('setting-smtp-password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Saved; leave blank to keep it');
    expect(within(form).getByTestId('sys-config-smtp-source').textContent).toBe(
      'Mail goes through the SMTP server below.',
    );

    fireEvent.click(within(form).getByTestId('sys-config-test-mail'));
    expect((await screen.findByTestId('sys-config-test-mail-result')).textContent).toBe(
      'Sent to admin@example.com. The server answered: 250 2.0.0 Ok: queued as 1A2B',
    );
    expect(callsOf(calls, configContracts.sendTestMail)[0]?.body).toEqual({
      smtp: { host: 'mail.example.com', port: 587, secure: false, user: 'ops', password: '', from: 'Ops <o@x.io>' },
    });

    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByTestId('sys-config-test-mail'));
    await waitFor(() =>
      expect(screen.getByTestId('sys-config-test-mail-result').textContent).toBe(
        'Not sent to admin@example.com. The server answered: 535 5.7.8 Authentication failed',
      ),
    );
    expect(callsOf(calls, configContracts.sendTestMail)[1]?.body).toMatchObject({ smtp: { password: 'wrong' } });
  });

  it('lists the change history, overall and per setting, a secret only as changed', async () => {
    const change = (id: number, key: string, oldValue: string | null, newValue: string | null, secret = false) => ({
      id,
      key,
      oldValue,
      newValue,
      secret,
      actorId: 1,
      actorName: 'admin@example.com',
      at: '2026-11-20T08:00:00.000Z',
    });
    const { calls } = stubFetch({
      ...base,
      [on(configContracts.listConfig)]: envelope(200, view()),
      [on(configContracts.listConfigChanges)]: (call) =>
        envelope(200, {
          list: call.url.includes('key=zoneQuery.fee')
            ? [change(2, 'zoneQuery.fee', '0.10', '0.25')]
            : [change(3, 'smtp.password', null, null, true), change(2, 'zoneQuery.fee', '0.10', '0.25')],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
    });
    renderApp('/adminSettings/sysConfig');
    fireEvent.click(await screen.findByTestId('sys-config-history-all'));
    const history = await screen.findByTestId('sys-config-history');
    const secretRow = await within(history).findByTestId('setting-change-3');
    expect(secretRow.textContent).toContain('Password');
    expect(secretRow.textContent).toContain('(hidden)');
    expect(secretRow.textContent).toContain('changed');
    const feeRow = within(history).getByTestId('setting-change-2');
    expect(feeRow.textContent).toContain('Zone query fee');
    expect(feeRow.textContent).toContain('0.10');
    expect(feeRow.textContent).toContain('0.25');
    expect(feeRow.textContent).toContain('admin@example.com');
    expect(callsOf(calls, configContracts.listConfigChanges)[0]?.url).not.toContain('key=');

    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    const form = await openTab('zoneQuery');
    fireEvent.click(within(form).getByTestId('setting-history-zoneQuery-fee'));
    await waitFor(() =>
      expect(
        callsOf(calls, configContracts.listConfigChanges).some((call) => call.url.includes('key=zoneQuery.fee')),
      ).toBe(true),
    );
    expect(await screen.findByText('Change history: Zone query fee')).toBeTruthy();
  });

  it('is not shown to a user without configList, nor asked for', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(configContracts.listConfig)]: envelope(403, null, 'forbidden'),
    });
    const { router } = renderApp('/adminSettings/sysConfig');
    await waitFor(() => expect(pathOf(router)).not.toBe('/adminSettings/sysConfig'));
    expect(screen.queryByTestId('sys-config-page')).toBeNull();
    expect(screen.queryByTestId('menu-item-sysConfig')).toBeNull();
    expect(callsOf(calls, configContracts.listConfig)).toHaveLength(0);
  });

  it('is in the menu for configList holders only, in both languages', async () => {
    stubFetch({ ...base, [on(configContracts.listConfig)]: envelope(200, view()) });
    renderApp('/adminSettings/sysConfig');
    expect((await screen.findByTestId('menu-item-sysConfig')).textContent).toBe('System configuration');
    await act(async () => {
      await changeLocale('zh-CN');
    });
    expect(screen.getByTestId('menu-item-sysConfig').textContent).toBe('系统配置');
    expect((await screen.findByTestId('sys-config-tab-zoneQuery')).textContent).toBe('分区查询');
    await act(async () => {
      await changeLocale('en-US');
    });
  });
});
