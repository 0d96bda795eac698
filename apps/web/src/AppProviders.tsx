import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { bindFeedback } from './api/feedback';
import { antdLocale } from './i18n';
import { usePhone } from './layout/usePhone';
import { useSettingsStore } from './stores/settings';
import { appTheme } from './theme';
import { useReducedMotion } from './utils/reducedMotion';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The request client already shows errors and retries where asked (docs/spec.md §8).
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message and notification instances to code outside components. */
function FeedbackBinder() {
  const { message, notification } = AntApp.useApp();
  useEffect(() => bindFeedback(message, notification), [message, notification]);
  return null;
}

/** Page-level effects of the settings: dark background, colour weakness (docs/spec.md §2: invert 80%). */
function PageEffects() {
  const { token } = antdTheme.useToken();
  const theme = useSettingsStore((state) => state.theme);
  const colorWeak = useSettingsStore((state) => state.colorWeak);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.setProperty('--pp-color-primary', token.colorPrimary);
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [theme, token.colorBgLayout, token.colorText, token.colorPrimary]);
  useEffect(() => {
    document.body.style.filter = colorWeak ? 'invert(80%)' : '';
  }, [colorWeak]);
  return null;
}

/** The class of a card's header on a phone, whose rules (styles.css) keep the title and wrap the extra below. */
export const PHONE_CARD_HEAD = 'pp-card-head-phone';

/** Theme, locale, antd's App context and the query client: what every screen needs around it. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const theme = useSettingsStore((state) => state.theme);
  const colorPrimary = useSettingsStore((state) => state.colorPrimary);
  const phone = usePhone();
  const reducedMotion = useReducedMotion();
  // One theme object per mode, colour and motion: a new one (its algorithm new functions) has antd derive every
  // token again, and every component's styles take the new tokens, at any render of this component.
  const antTheme = useMemo(() => appTheme(theme, colorPrimary, reducedMotion), [theme, colorPrimary, reducedMotion]);
  return (
    <ConfigProvider
      locale={antdLocale()}
      // Issue 26: a card's title is the one part of its header that shrinks, so on a phone a wide `extra` (the
      // address book's tools, a chart's pickers) squeezed it to nothing; there the extra wraps below instead.
      card={phone ? { classNames: { header: PHONE_CARD_HEAD } } : undefined}
      theme={antTheme}
    >
      <AntApp>
        <FeedbackBinder />
        <PageEffects />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
