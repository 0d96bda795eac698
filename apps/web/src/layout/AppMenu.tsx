import { fullPath, type RouteMeta } from '@parcelport/shared';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../stores/app';
import { memberPermissions, userCodes, useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { menuIcon } from './icons';
import { flattenMenu, menuSource } from './menuSource';

type Item = Required<MenuProps>['items'][number];

/**
 * The menu from the route table (sorted by order, filtered by access); external links open a new tab. A
 * label too long for the menu's width shows whole on hover.
 */
export function AppMenu({ mode }: { mode: 'inline' | 'horizontal' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menuFromServer = useSettingsStore((state) => state.menuFromServer);
  const serverMenu = useAppStore((state) => state.serverMenu);
  const routes = useMemo(
    () => menuSource(userCodes(userInfo), menuFromServer, serverMenu, memberPermissions(userInfo)),
    [userInfo, menuFromServer, serverMenu],
  );

  const flat = useMemo(() => flattenMenu(routes), [routes]);
  const current = flat
    .filter((item) => !item.route.href && !item.route.children?.length)
    .find((item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`));
  const currentParents = current?.parents.join('/') ?? '';
  const [openKeys, setOpenKeys] = useState<string[]>(() => current?.parents ?? []);
  useEffect(() => {
    // Opening a screen (from the tab bar, a link, the address bar) opens its group in the menu.
    const parents = currentParents ? currentParents.split('/') : [];
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [currentParents]);

  const toItems = (list: RouteMeta[], parentPath = ''): Item[] =>
    list.map((route): Item => {
      const path = parentPath ? fullPath(parentPath, route.path) : route.path;
      const title = t(route.locale);
      if (route.href) {
        return {
          key: `href:${route.name}`,
          icon: menuIcon(route.icon),
          label: (
            <a href={route.href} target="_blank" rel="noopener noreferrer" data-testid={`menu-item-${route.name}`}>
              {title}
            </a>
          ),
        };
      }
      if (route.children && route.children.length > 0) {
        return {
          key: route.name,
          icon: menuIcon(route.icon),
          label: (
            <span data-testid={`menu-item-${route.name}`} title={title}>
              {title}
            </span>
          ),
          children: toItems(route.children, path),
        };
      }
      return {
        key: path,
        icon: menuIcon(route.icon),
        label: (
          <span data-testid={`menu-item-${route.name}`} title={title}>
            {title}
          </span>
        ),
      };
    });

  return (
    <Menu
      mode={mode}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
      items={toItems(routes)}
      selectedKeys={current ? [current.path] : []}
      {...(mode === 'inline' ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={({ key }) => {
        if (!key.startsWith('href:')) navigate(key);
      }}
      style={{
        borderInlineEnd: 'none',
        borderBottom: 'none',
        flex: mode === 'horizontal' ? 1 : undefined,
        minWidth: 0,
        background: 'transparent',
      }}
    />
  );
}
