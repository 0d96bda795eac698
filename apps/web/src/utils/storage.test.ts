import { cookieIn, SESSION_COOKIE } from '@parcelport/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionStorage, clearToken, restoreRememberedSession, setToken, startSession } from './storage';

/** The session cookie the server reads to bring a signed-in document's first answers (issue 26). */
const sessionCookie = () => cookieIn(document.cookie, SESSION_COOKIE);

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets what the code under test wrote
  document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
});

describe('the session cookie', () => {
  it('holds the token this tab stores: at sign-in, when renewed, when a remembered session is restored', () => {
    startSession('token-one', false);
    expect(sessionCookie()).toBe('token-one');
    setToken('token-two');
    expect(sessionCookie()).toBe('token-two');

    sessionStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: a new browser session: the session cookie is gone
    document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
    localStorage.setItem('rememberedToken', 'remembered');
    restoreRememberedSession();
    expect(sessionCookie()).toBe('remembered');
  });

  it('goes with the session at sign-out and at a failed sign-in, but not another tab’s', () => {
    startSession('mine', true);
    clearSessionStorage();
    expect(sessionCookie()).toBeUndefined();

    startSession('mine', false);
    clearToken();
    expect(sessionCookie()).toBeUndefined();

    startSession('mine', false);
    // biome-ignore lint/suspicious/noDocumentCookie: another tab stored its own session since
    document.cookie = `${SESSION_COOKIE}=other-tab; path=/`;
    clearSessionStorage();
    expect(sessionCookie()).toBe('other-tab');
  });
});
