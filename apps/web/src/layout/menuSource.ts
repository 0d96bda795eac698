import { fullPath, type MemberPermission, menuFor, type RouteMeta } from '@parcelport/shared';
import { showNotification } from '../api/feedback';
import { getServerMenu } from '../api/user';
import { t } from '../i18n';
import { useAppStore } from '../stores/app';

/**
 * The menu shown: the route table filtered by the user's codes (docs/design.md §7), or, with the menuFromServer
 * setting on and an answer in hand, what POST /api/user/menu returned.
 */
export function menuSource(
  codes: readonly string[],
  menuFromServer: boolean,
  serverMenu: RouteMeta[] | null,
  member: readonly MemberPermission[] | null = null,
): RouteMeta[] {
  if (menuFromServer && serverMenu) return serverMenu;
  return menuFor(codes, undefined, member);
}

/** docs/spec.md §8: menu loading shows notifications for loading, success and error. */
export async function fetchServerMenu(): Promise<boolean> {
  const key = 'server-menu';
  showNotification('loading', key, t('menu.server.loading'));
  try {
    const menu = await getServerMenu();
    useAppStore.getState().setServerMenu(menu);
    showNotification('success', key, t('menu.server.success'));
    return true;
  } catch {
    showNotification('error', key, t('menu.server.error'));
    return false;
  }
}

/** Each visible item with its full path, for selecting and opening the current one. */
export function flattenMenu(
  items: RouteMeta[],
  parentPath = '',
): { route: RouteMeta; path: string; parents: string[] }[] {
  return items.flatMap((route) => {
    const path = parentPath ? fullPath(parentPath, route.path) : route.path;
    const here = { route, path, parents: [] as string[] };
    const children = flattenMenu(route.children ?? [], path).map((child) => ({
      ...child,
      parents: [route.name, ...child.parents],
    }));
    return [here, ...children];
  });
}
