import { Skeleton } from 'antd';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { endSession } from '../api/request';
import { Surface } from '../components/Surface';
import { memberPermissions, takeStartedUserInfo, userCodes, useSessionStore } from '../stores/session';
import { useDrawnScreenLeft } from '../utils/drawnScreen';
import { loginPathFor } from '../utils/navigation';
import { getToken } from '../utils/storage';
import { type AccessMeta, decide, NOT_FOUND_PATH } from './guard';
import { handleOf } from './handle';
import NProgress from './progress';

/**
 * What a screen shows while its code loads: the page's skeleton (a title and lines) at once, so a
 * reload or a first visit never shows an empty content area.
 */
export function PageLoading() {
  return (
    <Surface data-testid="page-loading" aria-busy="true">
      <Skeleton active title paragraph={{ rows: 6 }} />
    </Surface>
  );
}

/** Runs the guard of ./guard.ts on every navigation and shows NProgress while it decides. */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const userInfo = useSessionStore((state) => state.userInfo);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);

  const chain: AccessMeta[] = matches.flatMap((match) => {
    const handle = handleOf(match.handle);
    return handle ? [handle.meta] : [];
  });
  const name = chain.at(-1)?.name ?? 'notFound';
  const fullPath = `${location.pathname}${location.search}`;
  const decision = decide({
    target: { name, chain, fullPath },
    token: getToken(),
    codes: userInfo ? userCodes(userInfo) : null,
    member: memberPermissions(userInfo),
  });

  const progressKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (progressKey.current === location.key) return;
    progressKey.current = location.key;
    NProgress.start();
  });

  useEffect(() => {
    if (decision.type === 'allow') NProgress.done();
  });

  const titleKey = handleOf(matches.at(-1)?.handle)?.meta.locale;
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${t('app.name')}` : t('app.name');
  }, [titleKey, t]);

  useEffect(() => {
    if (decision.type !== 'loadUser') return;
    // The call started before the app was drawn may have answered since this render (the store's change draws
    // the screen); asking again would be a second call.
    if (useSessionStore.getState().userInfo) return;
    let cancelled = false;
    // A passing network or server hiccup should not end the session: retry before giving up (docs/spec.md §8 isRetry).
    (takeStartedUserInfo() ?? fetchUserInfo({ isRetry: true })).catch(() => {
      if (cancelled) return;
      // docs/spec.md §8: a failed user-info fetch logs out and goes to login, keeping the original route.
      endSession();
      navigate(loginPathFor(fullPath), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [decision.type, fetchUserInfo, fullPath, navigate]);

  // the screen drawn at build time stands until its own screen replaces it, and no longer than its path does
  useDrawnScreenLeft(location.pathname, decision.type !== 'redirect');

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'loadUser') return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export { NOT_FOUND_PATH };
