import { Layout, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { screenCatalogue } from '../i18n';
import { handleOf } from '../router/handle';
import { PageLoading } from '../router/RouteGuard';
import { useAppStore } from '../stores/app';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { MOBILE_BREAKPOINT, onResizeSettled, useRemBase } from '../utils/viewport';
import { AppBreadcrumb } from './AppBreadcrumb';
import { AppFooter } from './AppFooter';
import { AppMenu } from './AppMenu';
import { fetchServerMenu } from './menuSource';
import { Navbar } from './Navbar';
import { usePhone } from './usePhone';

// The settings drawer (its colour picker and switches) loads when first opened, not with every screen.
// A phone's menu drawer loads on a phone only.
const MenuDrawer = lazy(() => import('./MenuDrawer'));
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((module) => ({ default: module.SettingsDrawer })));
// What only some settings or sessions show loads with them: the tab bar (antd's Tabs; off by default), the
// floating settings button (the navbar hidden), and the acting-as notice and watermark (staff acting as a user).
const TabBar = lazy(() => import('./TabBar').then((module) => ({ default: module.TabBar })));
const SettingsFloatButton = lazy(() => import('./SettingsFloatButton'));
const ActingAsNotice = lazy(() => import('./ActingAs').then((module) => ({ default: module.ActingAsNotice })));
const ScreenWatermark = lazy(() => import('./ActingAs').then((module) => ({ default: module.ScreenWatermark })));

/**
 * Draws a screen once its texts are loaded: an order list at once, any other after the rest of the
 * catalogue (the page's skeleton meanwhile, without suspending, so a navigation is never held).
 */
function ScreenTexts({ name, children }: { name: string | undefined; children: ReactNode }) {
  const loading = screenCatalogue(name);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!loading) return;
    let live = true;
    void loading.then(() => live && setLoaded((count) => count + 1));
    return () => {
      live = false;
    };
  }, [loading]);
  return loading ? <PageLoading /> : children;
}

/** docs/spec.md §9: resize handling debounced by 300 ms; a narrow window is a mobile device with the menu collapsed. */
function useResponsive() {
  useEffect(() => {
    const apply = () => {
      const device = window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
      const { device: current, update } = useSettingsStore.getState();
      if (device === current) return;
      update(device === 'mobile' ? { device, menuCollapse: true } : { device });
    };
    apply();
    return onResizeSettled(apply);
  }, []);
}

/** The shell of docs/spec.md §2 "Other interface elements" around every signed-in screen (docs/design.md §7). */
export default function AppLayout() {
  const { token } = theme.useToken();
  const location = useLocation();
  const matches = useMatches();
  const userInfo = useSessionStore((state) => state.userInfo);
  const settings = useSettingsStore();
  const visit = useAppStore((state) => state.visit);
  const setSettingsOpen = useAppStore((state) => state.setSettingsOpen);
  const settingsOpen = useAppStore((state) => state.settingsOpen);
  // Once opened the drawer stays mounted, so that it closes with its animation.
  const [settingsUsed, setSettingsUsed] = useState(settingsOpen);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);

  const meta = handleOf(matches.at(-1)?.handle)?.meta;
  const { t } = useTranslation();
  useEffect(() => {
    if (meta?.locale && !meta.hideInMenu) {
      visit({ path: `${location.pathname}${location.search}`, name: meta.name, locale: meta.locale });
    }
  }, [location.pathname, location.search, meta?.name, meta?.locale, meta?.hideInMenu, visit]);

  useResponsive();
  const phone = usePhone();
  useRemBase(settings.device === 'mobile');
  const setMenuDrawerOpen = useAppStore((state) => state.setMenuDrawerOpen);
  // A screen picked from the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new screen
  useEffect(() => setMenuDrawerOpen(false), [location.pathname, setMenuDrawerOpen]);

  useEffect(() => {
    // A reload with menuFromServer on fetches the server's menu again when it is not kept.
    if (useSettingsStore.getState().menuFromServer && !useAppStore.getState().serverMenu) void fetchServerMenu();
  }, []);

  const showSider = settings.menu && !settings.topMenu && !phone;
  const screen = (
    <Suspense fallback={<PageLoading />}>
      <ScreenTexts name={meta?.name}>
        <Outlet />
      </ScreenTexts>
    </Suspense>
  );
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="app-layout">
      {settings.navbar && <Navbar />}
      <Layout>
        {showSider && (
          <Layout.Sider
            theme="light"
            width={settings.menuWidth}
            collapsible
            collapsed={settings.menuCollapse}
            onCollapse={(menuCollapse) => settings.update({ menuCollapse })}
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
            data-testid="side-menu-sider"
          >
            <AppMenu mode="inline" />
          </Layout.Sider>
        )}
        <Layout>
          {settings.tabBar && (
            <Suspense fallback={null}>
              <TabBar />
            </Suspense>
          )}
          <Layout.Content className="pp-content">
            {userInfo?.actingAs && (
              <Suspense fallback={null}>
                <ActingAsNotice userInfo={userInfo} />
              </Suspense>
            )}
            {/* The screen's name heads the page for a screen reader (its headings start from it); seen, it would
                repeat the breadcrumb's last item. */}
            {meta?.locale && (
              <h1 className="pp-visually-hidden" data-testid="screen-heading">
                {t(meta.locale)}
              </h1>
            )}
            <AppBreadcrumb />
            {userInfo?.actingAs ? (
              <Suspense fallback={<PageLoading />}>
                <ScreenWatermark userInfo={userInfo}>{screen}</ScreenWatermark>
              </Suspense>
            ) : (
              screen
            )}
          </Layout.Content>
          {settings.footer && <AppFooter />}
        </Layout>
      </Layout>
      {!settings.navbar && (
        <Suspense fallback={null}>
          <SettingsFloatButton onClick={() => setSettingsOpen(true)} />
        </Suspense>
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
      {phone && settings.menu && (
        <Suspense fallback={null}>
          <MenuDrawer width={settings.menuWidth} />
        </Suspense>
      )}
    </Layout>
  );
}
