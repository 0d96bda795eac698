import { create } from 'zustand';
import { onSessionEnd } from '../api/request';
import type { MenuItem } from '../api/types';
import { STORAGE_KEYS } from '../utils/storage';

export interface VisitedTab {
  /** Full path with query. */
  path: string;
  name: string;
  /** i18n key of the title. */
  locale: string;
}

function loadServerMenu(): MenuItem[] | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.serverMenu);
    return stored ? (JSON.parse(stored) as MenuItem[]) : null;
  } catch {
    return null;
  }
}

interface AppState {
  /** The menu POST /api/user/menu answered (settings → menuFromServer). */
  serverMenu: MenuItem[] | null;
  setServerMenu: (menu: MenuItem[] | null) => void;
  /** The tab bar: visited routes. */
  tabs: VisitedTab[];
  visit: (tab: VisitedTab) => void;
  closeTab: (path: string) => void;
  closeOtherTabs: (path: string) => void;
  closeAllTabs: () => void;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
  /** On a phone the menu is a drawer, opened from the navbar. */
  menuDrawerOpen: boolean;
  setMenuDrawerOpen: (open: boolean) => void;
}

export const useAppStore = create<AppState>((set, get) => ({
  serverMenu: loadServerMenu(),
  setServerMenu: (serverMenu) => {
    try {
      if (serverMenu) localStorage.setItem(STORAGE_KEYS.serverMenu, JSON.stringify(serverMenu));
      else localStorage.removeItem(STORAGE_KEYS.serverMenu);
    } catch {
      // kept in memory only
    }
    set({ serverMenu });
  },
  tabs: [],
  visit: (tab) => {
    const tabs = get().tabs;
    const index = tabs.findIndex((item) => item.name === tab.name);
    if (index === -1) set({ tabs: [...tabs, tab] });
    else if (tabs[index]?.path !== tab.path) set({ tabs: tabs.map((item, i) => (i === index ? tab : item)) });
  },
  closeTab: (path) => set({ tabs: get().tabs.filter((tab) => tab.path !== path) }),
  closeOtherTabs: (path) => set({ tabs: get().tabs.filter((tab) => tab.path === path) }),
  closeAllTabs: () => set({ tabs: [] }),
  settingsOpen: false,
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  menuDrawerOpen: false,
  setMenuDrawerOpen: (menuDrawerOpen) => set({ menuDrawerOpen }),
}));

onSessionEnd(() => useAppStore.setState({ serverMenu: null, tabs: [] }));
