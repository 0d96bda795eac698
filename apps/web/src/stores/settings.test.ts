import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../utils/storage';
import { DEFAULT_SETTINGS, loadSettings, parseMenuWidth, pickSettings, useSettingsStore } from './settings';

describe('settings store', () => {
  it('starts from docs/spec.md §9 defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: 'light',
      colorPrimary: '#165DFF',
      menuWidth: 210,
      navbar: true,
      menu: true,
      topMenu: false,
      footer: true,
      tabBar: false,
      menuFromServer: false,
      colorWeak: false,
    });
  });

  it('keeps every change in local storage', () => {
    useSettingsStore.getState().reset();
    useSettingsStore.getState().update({ theme: 'dark', menuWidth: 260, colorWeak: true });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}');
    expect(stored).toMatchObject({ theme: 'dark', menuWidth: 260, colorWeak: true });
    expect(loadSettings()).toMatchObject({ theme: 'dark', menuWidth: 260, colorWeak: true });
  });

  it('ignores unknown keys and values of the wrong type when loading', () => {
    localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ theme: 'purple', menuWidth: 'wide', navbar: false, hacker: 1 }),
    );
    const settings = loadSettings();
    expect(settings.theme).toBe('light');
    expect(settings.menuWidth).toBe(210);
    expect(settings.navbar).toBe(false);
    expect(settings).not.toHaveProperty('hacker');
  });

  it('expands the collapsed menu when topMenu is turned on (docs/spec.md §2)', () => {
    useSettingsStore.getState().update({ menuCollapse: true });
    useSettingsStore.getState().update({ topMenu: true });
    expect(useSettingsStore.getState().menuCollapse).toBe(false);
  });

  it('toggles the theme', () => {
    useSettingsStore.getState().reset();
    useSettingsStore.getState().toggleTheme();
    expect(useSettingsStore.getState().theme).toBe('dark');
    useSettingsStore.getState().toggleTheme();
    expect(useSettingsStore.getState().theme).toBe('light');
  });

  it('copies settings only, not the store functions', () => {
    const picked = pickSettings(useSettingsStore.getState());
    expect(Object.keys(picked).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});

describe('menuWidth input', () => {
  it('accepts digits only', () => {
    expect(parseMenuWidth('240')).toBe(240);
    expect(parseMenuWidth('2a4x0')).toBe(240);
    expect(parseMenuWidth('abc')).toBeNull();
    expect(parseMenuWidth('')).toBeNull();
    expect(parseMenuWidth('-5')).toBe(5);
    expect(parseMenuWidth('0')).toBeNull();
  });
});
