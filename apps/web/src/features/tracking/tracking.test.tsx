import { TRACKING_STATUS } from '@parcelport/shared';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as trackingContracts from '@parcelport/shared/contracts/tracking/index';
import { trackingNumbersOf as parseTrackingNumbers } from '@parcelport/shared/contracts/tracking/schemas';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { catalogueOf } from '../../locales/catalogue';
import { envelope, inEnglishWithToken, on, sampleUser, stubFetch, urlOf } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

inEnglishWithToken('customer-token');

const parcels = [
  {
    trackingNo: '1Z999AA10123456784',
    found: true,
    orderId: 2,
    orderNo: 'PP-BOUGHT',
    carrierCode: 'UPS',
    serviceName: 'UPS Ground',
    status: 4,
    state: 'Out for delivery',
    events: [
      {
        status: 4,
        state: 'Out for delivery',
        description: 'Out for delivery',
        location: 'NEW YORK, NY',
        time: '2026-01-04T08:00:00.000Z',
      },
      {
        status: 2,
        state: 'In transit',
        description: 'Departed facility',
        location: 'CHICAGO, IL',
        time: '2026-01-03T08:00:00.000Z',
      },
      {
        status: 1,
        state: 'Information received',
        description: 'Shipment information received',
        location: '',
        time: '2026-01-02T08:00:00.000Z',
      },
    ],
  },
  {
    trackingNo: 'NOPE123',
    found: false,
    orderId: null,
    orderNo: null,
    carrierCode: null,
    serviceName: null,
    status: 0,
    state: 'Not found',
    events: [],
  },
];

const base = {
  [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
  [on(messagesContracts.listMessages)]: envelope(200, []),
};

describe('/tracking', () => {
  it('has every docs/spec.md §4 parcel state in both languages', () => {
    for (const status of Object.values(TRACKING_STATUS)) {
      expect((zhCN as Record<string, string>)[`tracking.state.${status}`]).toBeTruthy();
      expect((enUS as Record<string, string>)[`tracking.state.${status}`]).toBeTruthy();
    }
    expect((enUS as Record<string, string>)['tracking.state.8']).toBe('Transit too long');
    expect((zhCN as Record<string, string>)['tracking.state.6']).toBe('成功签收');
  });

  it('reads pasted numbers in any form', () => {
    expect(parseTrackingNumbers(' A1\nB2, C3;A1\t D4，E5 ')).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
  });

  it('tracks pasted numbers: each parcel’s state and its events, newest first; refreshes from the carriers', async () => {
    const { calls } = stubFetch({ ...base, [on(trackingContracts.trackParcels)]: envelope(200, parcels) });
    const { router } = renderApp('/tracking');
    const box = await screen.findByTestId('tracking-numbers');
    fireEvent.change(box, { target: { value: '1Z999AA10123456784\nNOPE123, 1Z999AA10123456784' } });
    expect(screen.getByText('2 tracking numbers (up to 40)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tracking-submit'));

    const card = await screen.findByTestId('tracking-parcel-1Z999AA10123456784');
    const query = calls.find((call) => call.url.startsWith(urlOf(trackingContracts.trackParcels)));
    expect(new URL(query?.url ?? '', 'http://x').searchParams.get('numbers')).toBe('1Z999AA10123456784,NOPE123');
    expect(new URL(query?.url ?? '', 'http://x').searchParams.has('refresh')).toBe(false);
    expect(pathOf(router)).toBe('/tracking?numbers=1Z999AA10123456784%2CNOPE123');

    expect(within(card).getAllByTestId('tracking-state')[0]?.textContent).toBe('Out for delivery');
    expect(within(card).getByTestId('tracking-order').getAttribute('href')).toBe('/shipments/detail/2');
    const events = within(card).getAllByTestId('tracking-event');
    expect(events.map((event) => event.textContent)).toEqual([
      'Out for deliveryOut for deliveryNEW YORK, NY',
      'In transitDeparted facilityCHICAGO, IL',
      'Information receivedShipment information received',
    ]);
    const missing = screen.getByTestId('tracking-parcel-NOPE123');
    expect(within(missing).getByTestId('tracking-state').textContent).toBe('Not found');
    expect(within(missing).getByTestId('tracking-not-found')).toBeTruthy();
    expect(within(missing).queryByTestId('tracking-subscribe')).toBeNull();

    fireEvent.click(screen.getByTestId('tracking-refresh'));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith(urlOf(trackingContracts.trackParcels))).at(-1)?.url).toContain(
        'refresh=true',
      ),
    );
  });

  it('says a label just bought is created and waits for its first scan, not that it is not found', async () => {
    const fresh = {
      ...parcels[1],
      trackingNo: '9400100000000000000001',
      found: true,
      orderId: 9,
      orderNo: 'PP2026000009',
      carrierCode: 'USPS',
      serviceName: 'USPS Ground Advantage',
    };
    stubFetch({ ...base, [on(trackingContracts.trackParcels)]: envelope(200, [fresh]) });
    renderApp('/tracking?numbers=9400100000000000000001');
    const card = await screen.findByTestId('tracking-parcel-9400100000000000000001');
    expect(within(card).getByTestId('tracking-state').textContent).toBe('Label created');
    expect(within(card).getByTestId('tracking-no-events').textContent).toBe(
      "Label created; waiting for the carrier's first scan",
    );
    expect(within(card).queryByTestId('tracking-not-found')).toBeNull();
    expect(screen.getByTestId('tracking-summary').textContent).toBe('Label created 1');
  });

  it('shows the states in Chinese too', async () => {
    await changeLocale('zh-CN');
    try {
      stubFetch({ ...base, [on(trackingContracts.trackParcels)]: envelope(200, parcels) });
      renderApp('/tracking?numbers=1Z999AA10123456784,NOPE123');
      const card = await screen.findByTestId('tracking-parcel-1Z999AA10123456784');
      expect(
        within(card)
          .getAllByTestId('tracking-state')
          .map((tag) => tag.textContent),
      ).toEqual(['派送途中', '派送途中', '运输途中', '已收到信息']);
      expect(within(screen.getByTestId('tracking-parcel-NOPE123')).getByTestId('tracking-state').textContent).toBe(
        '查询不到',
      );
    } finally {
      await changeLocale('en-US');
    }
  });

  it('subscribes a parcel by email or webhook', async () => {
    const { calls } = stubFetch({
      ...base,
      [on(trackingContracts.trackParcels)]: envelope(200, parcels),
      [on(trackingContracts.subscribeTracking)]: envelope(200, null),
    });
    renderApp('/tracking?numbers=1Z999AA10123456784');
    const card = await screen.findByTestId('tracking-parcel-1Z999AA10123456784');
    fireEvent.click(within(card).getByTestId('tracking-subscribe'));
    await screen.findByTestId('tracking-subscribe-email');
    fireEvent.click(screen.getByTestId('tracking-subscribe-ok'));
    expect(await screen.findByText('Enter an email or a webhook URL')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tracking-subscribe-webhook'), {
      target: { value: 'https://shop.example/hooks/parcel' },
    });
    fireEvent.click(screen.getByTestId('tracking-subscribe-ok'));
    expect(await screen.findByTestId('tracking-subscribed')).toBeTruthy();
    expect(calls.find((call) => call.url === urlOf(trackingContracts.subscribeTracking))?.body).toEqual({
      trackingNo: '1Z999AA10123456784',
      webhookUrl: 'https://shop.example/hooks/parcel',
    });
  });

  it('is linked from the order detail’s tracking numbers', async () => {
    stubFetch({
      ...base,
      [on(ordersContracts.getOrder.app, { id: 2 })]: envelope(
        200,
        detailOf({
          id: 2,
          orderNo: 'PP-BOUGHT',
          status: 2,
          tackNo: '1Z999AA10123456784',
          carrierCode: 'UPS',
          parcels: detailOf({}).parcels.map((parcel, index) => ({
            ...parcel,
            trackingNo: index === 0 ? '1Z999AA10123456784' : '1Z999AA10123456793',
            trackingStatus: index === 0 ? 2 : 6,
          })),
        }),
      ),
    });
    renderApp('/shipments/detail/2');
    await screen.findByTestId('order-detail-page');
    expect(screen.getAllByTestId('parcel-track-link').map((link) => link.getAttribute('href'))).toEqual([
      '/tracking?numbers=1Z999AA10123456784',
      '/tracking?numbers=1Z999AA10123456793',
    ]);
    expect(screen.getByTestId('order-track-link').getAttribute('href')).toBe(
      '/tracking?numbers=1Z999AA10123456784%2C1Z999AA10123456793',
    );
    expect(screen.getAllByTestId('tracking-state').map((tag) => tag.textContent)).toEqual(['In transit', 'Delivered']);
  });
});
