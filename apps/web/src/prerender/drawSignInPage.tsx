import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { LOCALES, type Locale, THEMES, type Theme } from '@parcelport/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../AppProviders';
import { DRAWN_ATTRIBUTE, LoginPage } from '../features/sign-in';
import { changeLocale, currentLocale } from '../i18n';
import { useSettingsStore } from '../stores/settings';

/** The sign-in page drawn in one language and theme: its markup, without the styles. */
export interface SignInDrawing {
  locale: Locale;
  theme: Theme;
  markup: string;
}

/**
 * The sign-in page as the app draws it at /login for a visitor signed out, with the same providers and theme,
 * in each language and theme, rendered by React's server renderer; and antd's styles for all of them, which
 * antd's CSS-in-JS would otherwise generate in the browser at the first render (its `extractStyle`, as plain
 * CSS: the app generates its own when it starts, as on any page).
 * One style cache for every drawing, so each style comes out once. Each theme is rendered under an id prefix
 * of its own: antd names a theme's CSS variables' class after a React id, which would otherwise be the same
 * for both and one theme's variables would override the other's.
 */
export async function drawSignInPage(): Promise<{ drawings: SignInDrawing[]; styles: string }> {
  const cache = createCache();
  const drawings: SignInDrawing[] = [];
  // React's server renderer reads a zustand store through useSyncExternalStore's server snapshot, which
  // zustand gives as the store's initial state: each drawing's theme goes there (setState is not seen).
  const settings = useSettingsStore.getInitialState();
  const { theme: themeBefore } = settings;
  const localeBefore = currentLocale();
  try {
    for (const theme of THEMES) {
      settings.theme = theme;
      for (const locale of LOCALES) {
        await changeLocale(locale);
        const rendered = renderToString(
          <StyleProvider cache={cache}>
            <div {...{ [DRAWN_ATTRIBUTE]: '' }}>
              <AppProviders queryClient={createQueryClient()}>
                <MemoryRouter initialEntries={['/login']}>
                  <LoginPage />
                </MemoryRouter>
              </AppProviders>
            </div>
          </StyleProvider>,
          { identifierPrefix: `${theme}-` },
        );
        // React puts a preload of the page's image ahead of the markup, meant for a document's head: the
        // favicon link fetches that file already.
        const markup = rendered.slice(rendered.indexOf(`<div ${DRAWN_ATTRIBUTE}`));
        drawings.push({ locale, theme, markup });
      }
    }
  } finally {
    // as found, for whatever runs in the same process next (the unit tests)
    settings.theme = themeBefore;
    await changeLocale(localeBefore);
  }
  return { drawings, styles: extractStyle(cache, { plain: true }) };
}
