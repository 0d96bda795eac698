import { MENU_WIDTH, THEME_COLOR, type Theme } from '@parcelport/shared';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../utils/storage';

/** Display settings (docs/spec.md §2 settings drawer, §9 defaults), kept in local storage. */
export interface Settings {
  theme: Theme;
  colorPrimary: string;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  tabBar: boolean;
  menuFromServer: boolean;
  colorWeak: boolean;
  menuWidth: number;
  device: 'desktop' | 'mobile';
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  colorPrimary: THEME_COLOR,
  navbar: true,
  menu: true,
  topMenu: false,
  menuCollapse: false,
  footer: true,
  tabBar: false,
  menuFromServer: false,
  colorWeak: false,
  menuWidth: MENU_WIDTH,
  device: 'desktop',
};

const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** Reads stored settings, keeping only known keys whose type matches the default. */
export function loadSettings(): Settings {
  const settings = { ...DEFAULT_SETTINGS };
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}') as Record<string, unknown>;
    for (const key of SETTING_KEYS) {
      const value = stored[key];
      if (value !== undefined && typeof value === typeof DEFAULT_SETTINGS[key]) {
        (settings as Record<string, unknown>)[key] = value;
      }
    }
  } catch {
    // unreadable: defaults
  }
  if (settings.theme !== 'light' && settings.theme !== 'dark') settings.theme = DEFAULT_SETTINGS.theme;
  if (!Number.isFinite(settings.menuWidth) || settings.menuWidth <= 0) settings.menuWidth = MENU_WIDTH;
  return settings;
}

/** The settings alone, as the copy-settings button copies them. */
export function pickSettings(state: Settings): Settings {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, state[key]])) as unknown as Settings;
}

/** Digits only: the menuWidth input accepts numbers and nothing else (docs/spec.md §5). */
export function parseMenuWidth(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  if (!digits) return null;
  const width = Number(digits);
  return width > 0 ? width : null;
}

interface SettingsState extends Settings {
  update: (partial: Partial<Settings>) => void;
  toggleTheme: () => void;
  reset: () => void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...loadSettings(),
  update: (partial) => {
    const next = { ...partial };
    // docs/spec.md §2: turning on topMenu expands the collapsed menu.
    if (next.topMenu === true) next.menuCollapse = false;
    set(next);
  },
  toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
  reset: () => set({ ...DEFAULT_SETTINGS }),
}));

useSettingsStore.subscribe((state) => {
  try {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(pickSettings(state)));
  } catch {
    // storage full or unavailable: settings last for this page only
  }
});
