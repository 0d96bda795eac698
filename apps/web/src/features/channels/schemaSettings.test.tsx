import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import type { Channel, Platform } from '@parcelport/shared/contracts/channels/schemas';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, stubFetch } from '../../test/helpers';
import { renderApp, renderWithProviders } from '../../test/render';
import { ChannelModal } from './ChannelModal';

/** The platforms as the server describes them: EasyPost's form drawn from its settings schema. */
const platforms: Platform[] = [
  { code: 'ratecard', name: 'ratecard', channelSettings: [], serviceSettings: [], usesRatingData: true },
  {
    code: 'easypost',
    name: 'easypost',
    usesRatingData: false,
    channelSettings: [
      { name: 'apiKey', type: 'secret', required: true, label: 'easypostApiKey' },
      { name: 'baseUrl', type: 'url', required: false, default: 'https://api.easypost.com', label: 'upstreamBaseUrl' },
      {
        name: 'labelFormat',
        type: 'choice',
        required: false,
        default: 'PDF',
        options: ['PDF', 'PNG', 'ZPL'],
        label: 'labelFormat',
      },
      { name: 'earnestCents', type: 'cents', required: false, default: 0, min: 0, label: 'earnestCents' },
    ],
    serviceSettings: [
      { name: 'carrier', type: 'text', required: true, label: 'easypostCarrier' },
      { name: 'service', type: 'text', required: true, label: 'easypostService' },
    ],
  },
];

const channel: Channel = {
  id: 8,
  name: 'EasyPost',
  platformCode: 'easypost',
  carrierCode: 'USPS',
  status: 1,
  // The server never answers the key: it is blank here and named as set.
  settings: { apiKey: '', baseUrl: 'https://api.easypost.com', labelFormat: 'PDF', earnestCents: 150 },
  secretsSet: ['apiKey'],
  health: { pausedUntil: null, failures: 0, authFailedAt: null, authError: '' },
  webhookUrl: 'https://ship.example.com/api/tracking/webhook/carrier/8',
  isDemo: false,
  autoAllot: false,
  sort: 0,
  users: 0,
  services: [],
};

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

function renderModal(edited: Channel | null) {
  const { calls } = stubFetch({
    [on(channelsContracts.listPlatforms)]: envelope(200, { list: platforms, total: platforms.length }),
    [on(channelsContracts.listCarriers)]: envelope(200, [{ code: 'USPS', name: 'USPS' }]),
    [on(channelsContracts.createChannel)]: envelope(200, { id: 9 }),
    [on(channelsContracts.updateChannel, { id: 8 })]: envelope(200, null),
  });
  renderWithProviders(<ChannelModal open channel={edited} onClose={() => {}} onSaved={() => {}} />);
  return calls;
}

describe("a platform's settings form drawn from its schema", () => {
  it('edits an EasyPost channel: the key shows as saved and is kept when left blank; money in dollars', async () => {
    const calls = renderModal(channel);
    const key = (await screen.findByTestId('channel-setting-apiKey')) as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Saved; type a new one to replace it');
    expect(screen.getByText('EasyPost API key')).toBeTruthy();
    expect((screen.getByTestId('channel-setting-earnestCents') as HTMLInputElement).value).toBe('1.50');
    // The ratecard's own fields are not there.
    expect(screen.queryByTestId('channel-mailer-id')).toBeNull();
    // Where EasyPost is to push tracking, to enter at EasyPost.
    expect(screen.getByTestId('channel-webhook-url').textContent).toContain(
      'https://ship.example.com/api/tracking/webhook/carrier/8',
    );

    fireEvent.change(screen.getByTestId('channel-setting-earnestCents'), { target: { value: '2.25' } });
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/channel/update/8')).toBe(true));
    const body = calls.find((call) => call.url === '/api/admin/channel/update/8')?.body as { settings: object };
    expect(body.settings).toEqual({ baseUrl: 'https://api.easypost.com', labelFormat: 'PDF', earnestCents: 225 });
  });

  it('a new EasyPost channel asks for the key before anything is sent', async () => {
    const calls = renderModal(null);
    fireEvent.change(await screen.findByTestId('channel-name'), { target: { value: 'EasyPost test' } });
    const platform = screen.getByTestId('channel-platform');
    fireEvent.mouseDown(platform.querySelector('.ant-select-selector') ?? platform);
    fireEvent.click(await screen.findByText('EasyPost'));
    const key = await screen.findByTestId('channel-setting-apiKey');
    fireEvent.click(screen.getByTestId('channel-save'));
    const keyItem = key.closest('.ant-form-item') as HTMLElement;
    expect(await within(keyItem).findByText('Required')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/admin/channel/create')).toBe(false);
    const carrier = screen.getByTestId('channel-carrier');
    fireEvent.mouseDown(carrier.querySelector('.ant-select-selector') ?? carrier);
    fireEvent.click(await screen.findByTitle('USPS'));

    fireEvent.change(screen.getByTestId('channel-setting-apiKey'), { target: { value: 'EZTK123' } });
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/channel/create')).toBe(true));
    const body = calls.find((call) => call.url === '/api/admin/channel/create')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'EasyPost test', platformCode: 'easypost' });
    expect(body.settings).toEqual({
      apiKey: 'EZTK123',
      baseUrl: 'https://api.easypost.com',
      labelFormat: 'PDF',
      earnestCents: 0,
    });
  });
});

describe("a service under an upstream platform's channel", () => {
  it('asks for the carrier and service names of its form, and has no rate table', async () => {
    useSessionStore.setState({ userInfo: null });
    sessionStorage.setItem('token', 'admin-token');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(
        200,
        sampleUser({ id: 1, role: ['menuSystem', 'adminChannel'], roleCodes: ['administrator'] }),
      ),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.listChannels)]: envelope(200, { list: [channel], total: 1, page: 1, pageSize: 9999999 }),
      [on(channelsContracts.listPlatforms)]: envelope(200, { list: platforms, total: platforms.length }),
      [on(channelsContracts.createService)]: envelope(200, { id: 77 }),
    });
    renderApp('/adminSettings/permission/carrierServiceNew?channelId=8');
    const carrier = await screen.findByTestId('service-setting-carrier');
    expect(screen.getByTestId('service-rates-upstream')).toBeTruthy();
    expect(screen.queryByTestId('service-residential')).toBeNull();
    fireEvent.change(screen.getByTestId('service-code'), { target: { value: 'EP_PRIORITY' } });
    fireEvent.change(screen.getByTestId('service-name'), { target: { value: 'USPS Priority (EasyPost)' } });
    fireEvent.change(carrier, { target: { value: 'USPS' } });
    fireEvent.change(screen.getByTestId('service-setting-service'), { target: { value: 'Priority' } });
    fireEvent.click(screen.getByTestId('service-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/channel/createNew')).toBe(true));
    const body = calls.find((call) => call.url === '/api/admin/channel/createNew')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      channelId: 8,
      code: 'EP_PRIORITY',
      settings: { carrier: 'USPS', service: 'Priority' },
    });
    // Nothing is left to import: the carrier prices the service (it said "now import its rate table").
    expect((await screen.findByTestId('service-saved')).textContent).toBe(
      'The service is created; the carrier prices it at each quote',
    );
  });
});
