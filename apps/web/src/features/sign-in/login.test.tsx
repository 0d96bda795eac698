import * as authContracts from '@parcelport/shared/contracts/auth/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { drawSignInPage, type SignInDrawing } from '../../prerender/drawSignInPage';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on, sampleUser, shownMessages, stubFetch } from '../../test/helpers';
import { expectOutline } from '../../test/outline';
import { pathOf, renderApp } from '../../test/render';
import { toBase64 } from '../../utils/crypto';
import { STORAGE_KEYS } from '../../utils/storage';

let pem = '';
let privateKey: CryptoKey;

beforeAll(async () => {
  await changeLocale('en-US');
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  pem = `-----BEGIN PUBLIC KEY-----\n${toBase64(spki)}\n-----END PUBLIC KEY-----`;
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
});

async function decrypt(base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes)));
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('login form', () => {
  it('is headed by its title, the one h1 in the main landmark, with the language and theme buttons in the banner', async () => {
    stubFetch({});
    renderApp('/login');
    await screen.findByTestId('login-submit');
    expectOutline('Sign in to ParcelPort');
    expect(screen.getByRole('main').contains(screen.getByTestId('login-form'))).toBe(true);
    expect(screen.getByRole('banner').contains(screen.getByTestId('navbar-theme'))).toBe(true);
  });

  it("says 'Username cannot be empty' and 'Password cannot be empty' and calls nothing", async () => {
    const { calls } = stubFetch({});
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(await screen.findByText('Password cannot be empty')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('counts a blank username as empty', async () => {
    stubFetch({});
    renderApp('/login');
    fill('login-username', '   ');
    fill('login-password', 'secret');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
  });

  it('encrypts the credentials, keeps the session, welcomes and follows the redirect', async () => {
    let sent: unknown = null;
    stubFetch({
      [on(authContracts.getPublicKey)]: envelope(200, { publicKey: pem }),
      [on(authContracts.login)]: (call) => {
        sent = call.body;
        return envelope(200, { token: 'fresh-token' });
      },
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const { router } = renderApp('/login?redirect=%2Fsettings%2Faccount');
    fill('login-username', ' buyer@example.com ');
    fill('login-password', 'Secret#123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('login-welcome');
    await waitFor(() => expect(pathOf(router)).toBe('/settings/account'));

    const { encryptData } = sent as { encryptData: string };
    expect(Object.keys(sent as object)).toEqual(['encryptData']);
    expect(await decrypt(encryptData)).toEqual({ username: 'buyer@example.com', password: 'Secret#123' });
    expect(sessionStorage.getItem('token')).toBe('fresh-token');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rememberedUsername)).toBeNull();
    expect(shownMessages().join('|')).toContain('Welcome to use');
  });

  it('remember password keeps the username and the session, never the password', async () => {
    stubFetch({
      [on(authContracts.getPublicKey)]: envelope(200, { publicKey: pem }),
      [on(authContracts.login)]: envelope(200, { token: 'kept-token' }),
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const { router } = renderApp('/login');
    fill('login-username', 'buyer@example.com');
    fill('login-password', 'Secret#123');
    fireEvent.click(screen.getByTestId('login-remember'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workplace'));
    expect(localStorage.getItem(STORAGE_KEYS.rememberedUsername)).toBe('buyer@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedToken)).toBe('kept-token');
    const everything = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(everything).not.toContain('Secret#123');
  });

  it('fills the remembered username and checks remember password', async () => {
    localStorage.setItem(STORAGE_KEYS.rememberedUsername, 'kept@example.com');
    stubFetch({});
    renderApp('/login');
    const username = (await screen.findByTestId('login-username')) as HTMLInputElement;
    expect(username.value).toBe('kept@example.com');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(true);
  });

  it('a failed login shows the server message and clears the token', async () => {
    stubFetch({
      // a token reaches the tab before the login answer (e.g. a renewed-token header)
      [on(authContracts.getPublicKey)]: envelope(200, { publicKey: pem }, '', { headers: { token: 'leftover' } }),
      [on(authContracts.login)]: envelope(401, null, 'Incorrect username or password'),
    });
    const { router } = renderApp('/login');
    fill('login-username', 'buyer@example.com');
    fill('login-password', 'wrong-password');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await waitFor(() => expect(shownMessages().join('|')).toContain('Incorrect username or password'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it("says 'Login error, refresh and try again' when the key cannot be used", async () => {
    stubFetch({ [on(authContracts.getPublicKey)]: envelope(200, { publicKey: 'not a key' }) });
    renderApp('/login');
    fill('login-username', 'buyer@example.com');
    fill('login-password', 'Secret#123');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await waitFor(() => expect(shownMessages().join('|')).toContain('Login error, refresh and try again'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('asks for a reset link from the forgot-password dialog', async () => {
    const { calls } = stubFetch({ [on(usersContracts.forgotPassword)]: envelope(200, null) });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-forgot'));
    await screen.findByTestId('forgot-email');
    fill('forgot-email', 'buyer@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await screen.findByTestId('forgot-sent');
    expect(callsOf(calls, usersContracts.forgotPassword)[0]?.body).toEqual({ email: 'buyer@example.com' });
  });
});

describe('taking over the form drawn at build time', () => {
  let drawing: SignInDrawing;
  beforeAll(async () => {
    const { drawings } = await drawSignInPage();
    drawing = drawings.find(({ locale, theme }) => locale === 'en-US' && theme === 'light') as SignInDrawing;
  });

  /** #root holding the drawn form, as /login's document has it before the app starts. */
  function drawnRoot() {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = drawing.markup;
    document.body.append(root);
    const field = (id: string) => root.querySelector(`#${id}`) as HTMLInputElement;
    return { root, username: field('username'), password: field('password'), remember: field('remember') };
  }

  it('keeps what was typed there, the focus and its selection, and makes the submit it held back', async () => {
    let sent: unknown = null;
    stubFetch({
      [on(authContracts.getPublicKey)]: envelope(200, { publicKey: pem }),
      [on(authContracts.login)]: (call) => {
        sent = call.body;
        return envelope(200, { token: 'drawn-token' });
      },
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const drawn = drawnRoot();
    drawn.username.value = 'buyer@example.com';
    drawn.password.value = 'Secret#123';
    drawn.remember.checked = true;
    drawn.password.focus();
    drawn.password.setSelectionRange(2, 5);
    drawn.root.querySelector('form')?.setAttribute('data-submitted', '');

    const { router } = renderApp('/login', { container: drawn.root });
    expect(drawn.root.querySelector('[data-prerendered]')).toBeNull();
    const password = screen.getByTestId('login-password') as HTMLInputElement;
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('buyer@example.com');
    expect(password.value).toBe('Secret#123');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([2, 5]);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workplace'));
    const { encryptData } = sent as { encryptData: string };
    expect(await decrypt(encryptData)).toEqual({ username: 'buyer@example.com', password: 'Secret#123' });
    expect(localStorage.getItem(STORAGE_KEYS.rememberedUsername)).toBe('buyer@example.com');
  });

  /** The drawn form filled in, its submit button being pressed as the app takes it over. */
  function pressedAtTakeover() {
    const calls = stubFetch({
      [on(authContracts.getPublicKey)]: envelope(200, { publicKey: pem }),
      [on(authContracts.login)]: envelope(200, { token: 'pressed-token' }),
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    }).calls;
    const drawn = drawnRoot();
    drawn.username.value = 'buyer@example.com';
    drawn.password.value = 'Secret#123';
    drawn.root.querySelector('form')?.setAttribute('data-pressed', '');
    return { calls, router: renderApp('/login', { container: drawn.root }).router };
  }

  it("a press begun on the drawn submit button signs in once released on the app's", async () => {
    const { calls, router } = pressedAtTakeover();
    fireEvent.pointerUp(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workplace'));
    expect(callsOf(calls, authContracts.login)).toHaveLength(1);
  });

  it('a press begun on the drawn submit button and released beside it sends nothing', async () => {
    const { calls } = pressedAtTakeover();
    fireEvent.pointerUp(screen.getByTestId('login-username'));
    // The release is looked at once the browser's click, if any, has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.pointerUp(screen.getByTestId('login-submit')); // a later release is no longer the press's
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callsOf(calls, authContracts.login)).toEqual([]);
  });

  it("a drawn form left alone becomes the app's as it starts, nothing sent, the focus left where it was", async () => {
    const { calls } = stubFetch({});
    const drawn = drawnRoot();
    renderApp('/login', { container: drawn.root });
    expect(drawn.root.querySelector('[data-prerendered]')).toBeNull();
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(document.body);
    expect(calls).toEqual([]);
  });
});
