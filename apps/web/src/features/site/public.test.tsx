import * as siteContracts from '@parcelport/shared/contracts/site/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { callsOf, chooseOption, envelope, on, setWindowWidth, stubFetch, typeInto } from '../../test/helpers';
import { expectOutline } from '../../test/outline';
import { renderApp } from '../../test/render';

/** The public site (issue 14): home, contact form, policy pages and the store authorisation results. */

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('home', () => {
  it('says what the platform does, in zh-CN by default, and leads to sign-up and sign-in', async () => {
    stubFetch({});
    renderApp('/home');
    expect((await screen.findByTestId('home-title')).textContent).toBe('一个账户，发遍主流承运商');
    expect(screen.getByTestId('home-feature-api').textContent).toContain('开放 API');
    expect(screen.getByTestId('home-sign-up').getAttribute('href')).toBe('/registerForm');
    expect(screen.getByTestId('public-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('public-footer-privacy').getAttribute('href')).toBe('/privacyPolicy');
  });

  it('is headed by its title, the features one level below (issue 26, accessibility)', async () => {
    stubFetch({});
    renderApp('/home');
    await screen.findByTestId('home-title');
    expectOutline('一个账户，发遍主流承运商');
    expect(within(screen.getByTestId('home-feature-api')).getByRole('heading').tagName).toBe('H2');
  });

  it("sets docs/spec.md §9's rem base on a phone and leaves a desktop's alone", async () => {
    stubFetch({});
    setWindowWidth(390);
    try {
      const { unmount } = renderApp('/home');
      await screen.findByTestId('home-title');
      expect(document.documentElement.style.fontSize).toBe('39px');
      unmount();
      expect(document.documentElement.style.fontSize).toBe('');
    } finally {
      setWindowWidth(1024);
    }
    renderApp('/home');
    await screen.findByTestId('home-title');
    expect(document.documentElement.style.fontSize).toBe('');
  });
});

describe('contact form', () => {
  it("checks the fields with the server's rules and sends nothing until they hold", async () => {
    await changeLocale('en-US');
    const { calls } = stubFetch({ [on(siteContracts.sendContact)]: envelope(200, { id: 7 }) });
    renderApp('/contactUs');
    fireEvent.click(await screen.findByTestId('contact-submit'));
    // Headed as axe's best practices ask (issue 26): the form's title is the page's h1, and then the answer's.
    expectOutline('Contact us');
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(5));
    typeInto('contact-firstName', 'Lin');
    typeInto('contact-lastName', 'Wei');
    typeInto('contact-email', 'not-an-email');
    typeInto('contact-phone', 'call me');
    typeInto('contact-question', 'Do you ship to Canada?');
    await chooseOption('contact-volume', '500-2,000');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await screen.findByText(/phone number/);
    expect(callsOf(calls, siteContracts.sendContact)).toHaveLength(0);

    typeInto('contact-email', 'lin@shop.test');
    typeInto('contact-phone', '+1 415 555 0100');
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expectOutline('We have your question');
    expect(callsOf(calls, siteContracts.sendContact)[0]?.body).toEqual({
      firstName: 'Lin',
      lastName: 'Wei',
      email: 'lin@shop.test',
      phone: '+1 415 555 0100',
      monthlyVolume: '500to2000',
      question: 'Do you ship to Canada?',
    });
  });
});

describe('policy pages', () => {
  it("show the operator's text as text, headings and lists", async () => {
    await changeLocale('en-US');
    stubFetch({
      [on(siteContracts.sitePage, { page: 'privacyPolicy' })]: envelope(200, {
        text: '# Data we keep\n\n- addresses\n- parcels\n\nWe never sell it. <script>alert(1)</script>',
      }),
    });
    renderApp('/privacyPolicy');
    const text = await screen.findByTestId('policy-text');
    expect(within(text).getByRole('heading', { name: 'Data we keep' })).toBeTruthy();
    expect(
      within(text)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['addresses', 'parcels']);
    expect(text.textContent).toContain('<script>alert(1)</script>');
    expect(document.querySelector('script:not([src])')).toBeNull();
  });

  it('show the built-in text when the operator wrote none', async () => {
    stubFetch({ [on(siteContracts.sitePage, { page: 'termsOfUse' })]: envelope(200, { text: '' }) });
    renderApp('/termsOfUse');
    const text = await screen.findByTestId('policy-text');
    expect(within(text).getByRole('heading', { name: '作废与退款' })).toBeTruthy();
  });
});

describe('store authorisation results', () => {
  it('tell a declined authorisation apart from a connected store, and lead a visitor to sign in', async () => {
    stubFetch({});
    renderApp('/authDeclined');
    expect(await screen.findByText('授权被拒绝')).toBeTruthy();
    expectOutline('授权被拒绝');
    expect(screen.getByTestId('auth-result-continue').getAttribute('href')).toBe('/login');
  });

  it('say why a connection was declined, from the reason the install callback gives', async () => {
    stubFetch({});
    for (const [page, text] of [
      ['/authDeclined?reason=store', '店铺拒绝授予访问权限，未做任何连接，原因可在网店列表中查看。'],
      [
        '/authDeclined?reason=state',
        '此授权并非从本平台发起，或已超过 15 分钟，未做任何连接。请在网店列表中重新连接。',
      ],
      ['/authDeclined?reason=declined', '店铺未授权，未做任何连接。您可以随时重新连接。'],
    ] as const) {
      const { unmount } = renderApp(page);
      expect((await screen.findByTestId('auth-result-text')).textContent).toBe(text);
      unmount();
    }
  });

  it('lead a signed-in merchant back to their online stores, whatever the outcome', async () => {
    stubFetch({});
    sessionStorage.setItem('token', 'merchant-token');
    for (const [page, title] of [
      ['/authSuccess', '店铺已连接'],
      ['/authAccepted', '授权已接受'],
      ['/authDeclined', '授权被拒绝'],
    ] as const) {
      const { unmount } = renderApp(page);
      expect(await screen.findByText(title)).toBeTruthy();
      const back = screen.getByTestId('auth-result-continue');
      expect(back.getAttribute('href')).toBe('/settings/sales');
      expect(back.textContent).toBe('返回网店');
      unmount();
    }
  });
});
