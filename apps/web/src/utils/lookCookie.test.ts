import { afterEach, expect, it } from 'vitest';
import { useSettingsStore } from '../stores/settings';
import { keepLookCookie } from './lookCookie';
import { STORAGE_KEYS } from './storage';

const lookCookie = () => document.cookie.match(/(?:^|; )look=([^;]*)/)?.[1];

afterEach(() => {
  useSettingsStore.getState().reset();
});

it("keeps the look cookie to the reader's stored language and theme, from the app's start and at each change of theme", () => {
  localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
  useSettingsStore.getState().update({ theme: 'dark' });
  expect(lookCookie()).toBeUndefined();
  const stop = keepLookCookie();
  try {
    expect(lookCookie()).toBe('en-US.dark');
    useSettingsStore.getState().toggleTheme();
    expect(lookCookie()).toBe('en-US.light');
    // another setting leaves it as it is
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'look=; path=/; max-age=0';
    useSettingsStore.getState().update({ menuWidth: 240 });
    expect(lookCookie()).toBeUndefined();
  } finally {
    stop();
  }
  useSettingsStore.getState().toggleTheme();
  expect(lookCookie()).toBeUndefined();
});
