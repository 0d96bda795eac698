import * as brandingContracts from '@parcelport/shared/contracts/branding/index';
import type { NoticeSettings } from '@parcelport/shared/contracts/branding/schemas';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as trackingContracts from '@parcelport/shared/contracts/tracking/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

inEnglishWithToken('customer-token');

const EVENTS = ['shipped', 'outForDelivery', 'delivered', 'exception'] as const;
const settings: NoticeSettings = {
  locale: 'zh-CN',
  templates: EVENTS.map((event) => ({ event, enabled: false, subjectZh: '', bodyZh: '', subjectEn: '', bodyEn: '' })),
  defaults: EVENTS.flatMap((event) =>
    (['zh-CN', 'en-US'] as const).map((locale) => ({
      event,
      locale,
      subject: `${event} ${locale} subject`,
      body: `${event} ${locale} body`,
    })),
  ),
  placeholders: ['brandName', 'trackingNo', 'trackingUrl'],
};
const sellerBrand = {
  name: 'Seller Express',
  logoAttachmentId: null,
  color: '#aa0000',
  supportEmail: 'help@seller.test',
  supportPhone: '',
  supportUrl: '',
};

function stub(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(brandingContracts.getBrand)]: envelope(200, { own: null, inherited: sellerBrand }),
    [on(brandingContracts.getNoticeSettings)]: envelope(200, settings),
    ...extra,
  });
}

describe('/settings/branding', () => {
  it("says whose brand the recipients see until the merchant sets one, and saves the merchant's own", async () => {
    const { calls } = stub({
      [on(brandingContracts.saveBrand)]: envelope(200, {
        own: { ...sellerBrand, name: 'Grace Gadgets', color: '#00aa55' },
        inherited: sellerBrand,
      }),
    });
    renderApp('/settings/branding');
    expect((await screen.findByTestId('brand-inherited')).textContent).toContain('Seller Express');
    typeInto('brand-color', 'red');
    fireEvent.click(screen.getByTestId('brand-save'));
    expect(await screen.findByText('Enter a colour as #rrggbb')).toBeTruthy();
    expect(callsOf(calls, brandingContracts.saveBrand)).toHaveLength(0);

    typeInto('brand-name', 'Grace Gadgets');
    typeInto('brand-color', '#00aa55');
    typeInto('brand-support-url', 'https://gadgets.test/help');
    fireEvent.click(screen.getByTestId('brand-save'));
    await screen.findByTestId('brand-saved');
    expect(callsOf(calls, brandingContracts.saveBrand)[0]?.body).toEqual({
      name: 'Grace Gadgets',
      color: '#00aa55',
      supportEmail: '',
      supportPhone: '',
      supportUrl: 'https://gadgets.test/help',
      logoAttachmentId: null,
    });
  });

  it('switches notices per event, shows the built-in text where a template is empty, previews and sends a test', async () => {
    const rendered = { subject: 'Shop Co: your parcel was delivered', body: 'Hello,\nDelivered', to: 'me@shop.test' };
    const { calls } = stub({
      [on(brandingContracts.saveNoticeSettings)]: envelope(200, settings),
      [on(brandingContracts.previewNotice)]: envelope(200, rendered),
      [on(brandingContracts.sendTestNotice)]: envelope(200, rendered),
    });
    renderApp('/settings/branding');
    const delivered = await screen.findByTestId('notice-delivered');
    expect(within(delivered).getByTestId('notice-subject-delivered-en-US').getAttribute('placeholder')).toBe(
      'delivered en-US subject',
    );
    fireEvent.click(within(delivered).getByTestId('notice-enabled-delivered'));
    typeInto('notice-body-delivered-zh-CN', '{brandName}：已签收 {trackingUrl}');
    fireEvent.click(within(delivered).getByTestId('notice-preview-delivered'));
    expect((await screen.findByTestId('notice-preview-subject')).textContent).toBe(rendered.subject);
    expect(callsOf(calls, brandingContracts.previewNotice)[0]?.body).toEqual({
      event: 'delivered',
      locale: 'zh-CN',
      subject: '',
      body: '{brandName}：已签收 {trackingUrl}',
    });
    fireEvent.click(within(delivered).getByTestId('notice-test-delivered'));
    expect((await screen.findByTestId('notice-test-sent')).textContent).toContain('me@shop.test');

    fireEvent.click(screen.getByTestId('notices-save'));
    await screen.findByTestId('notices-saved');
    const saved = callsOf(calls, brandingContracts.saveNoticeSettings)[0]?.body as {
      locale: string;
      templates: { event: string; enabled: boolean }[];
    };
    expect(saved.locale).toBe('zh-CN');
    expect(saved.templates[2]).toEqual({
      event: 'delivered',
      enabled: true,
      subjectZh: '',
      bodyZh: '{brandName}：已签收 {trackingUrl}',
      subjectEn: '',
      bodyEn: '',
    });
    expect(saved.templates.filter((template: { enabled: boolean }) => template.enabled)).toHaveLength(1);
  });
});

describe("an order's tracking page link", () => {
  it('is shown on a bought order, to copy and open', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const url = 'https://ship.example/t/AbCdEfGhIjKlMnOpQrStUv';
    const { calls } = stub({
      [on(channelsContracts.myServices)]: envelope(200, []),
      [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(
        200,
        detailOf({ id: 41, status: 1, tackNo: '9400100000000000000001' }),
      ),
      [on(trackingContracts.listTrackingLinks)]: envelope(200, [{ orderId: 41, url }]),
    });
    renderApp('/shipments/detail/41');
    expect((await screen.findByTestId('tracking-page-url')).textContent).toBe(url);
    expect(callsOf(calls, trackingContracts.listTrackingLinks)[0]?.url).toContain('orderIds=41');
    expect(screen.getByTestId('tracking-link-open').getAttribute('href')).toBe(url);
    fireEvent.click(screen.getByTestId('tracking-link-copy'));
    await screen.findByTestId('tracking-link-copied');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
  });
});
