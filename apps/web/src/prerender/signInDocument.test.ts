import {
  APP_ENTRY_ATTRIBUTE,
  APP_START_SCRIPT,
  DEFAULT_LOCALE,
  DRAWING_SHOWN_KEY,
  LOCALES,
  type Locale,
  SIGN_IN_SCRIPT,
  THEME_COLOR,
  THEMES,
} from '@parcelport/shared';
import { theme as antdTheme } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf } from '../locales/catalogue';
import { BUILT_INDEX } from '../test/builtIndex';
import { appTheme } from '../theme';
import { STORAGE_KEYS } from '../utils/storage';
import { drawSignInPage } from './drawSignInPage';
import { signInDocument } from './signInDocument';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

const CATALOGUES: Record<Locale, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

const APP_STYLES = '.pp-auth-page{min-height:100vh}';

let html: string;
beforeAll(async () => {
  html = signInDocument(BUILT_INDEX, await drawSignInPage(), (urlPath) =>
    urlPath === '/assets/index-5b1e2a77.css' ? APP_STYLES : '',
  );
});

const parse = () => new DOMParser().parseFromString(html, 'text/html');
const drawing = (page: Document, locale: Locale, theme: string) =>
  page.querySelector<HTMLTemplateElement>(`template[data-locale="${locale}"][data-theme="${theme}"]`)?.content;
/** Text as shown, without the spaces antd puts between two Chinese characters of a button. */
const text = (node: ParentNode | null | undefined, selector: string) =>
  node?.querySelector(selector)?.textContent?.replace(/\s+/g, '');
const bare = (value: string | undefined) => value?.replace(/\s+/g, '');

describe('the sign-in document', () => {
  it("draws the form in each language and theme, every text from that language's catalogue", () => {
    const page = parse();
    expect(page.querySelectorAll('template')).toHaveLength(LOCALES.length * THEMES.length);
    for (const locale of LOCALES) {
      const t = CATALOGUES[locale];
      const other = CATALOGUES[LOCALES.find((each) => each !== locale) as Locale];
      for (const theme of THEMES) {
        const form = drawing(page, locale, theme);
        expect(form, `${locale} ${theme}`).toBeTruthy();
        const username = form?.querySelector<HTMLInputElement>('input#username[data-testid="login-username"]');
        const password = form?.querySelector<HTMLInputElement>('input#password[data-testid="login-password"]');
        expect(username?.placeholder).toBe(t['login.usernamePlaceholder']);
        expect(password?.type).toBe('password');
        expect(password?.placeholder).toBe(t['login.passwordPlaceholder']);
        expect(form?.querySelector('input#remember[type="checkbox"]')).toBeTruthy();
        expect(text(form, 'h1')).toBe(bare(t['login.title']));
        expect(text(form, 'h1 + p')).toBe(bare(t['login.subtitle']));
        expect(text(form, 'label[for="username"]')).toBe(bare(t['login.username']));
        expect(text(form, 'label[for="password"]')).toBe(bare(t['login.password']));
        expect(text(form, '.ant-checkbox-label')).toBe(bare(t['login.remember']));
        expect(text(form, '[data-testid="login-forgot"]')).toBe(bare(t['login.forgot']));
        expect(text(form, '[data-testid="login-submit"]')).toBe(bare(t['login.submit']));
        expect(form?.querySelector('[data-testid="login-register"]')?.getAttribute('href')).toBe('/registerForm');
        expect(text(form, '[data-testid="login-register"]')).toBe(bare(t['login.register']));
        expect(text(form, 'form > div:last-child')).toBe(bare(`${t['login.noAccount']} ${t['login.register']}`));
        expect(form?.querySelector('[data-testid="navbar-language"]')?.getAttribute('aria-label')).toBe(
          t['navbar.language'],
        );
        expect(form?.querySelector('[data-testid="navbar-theme"]')?.getAttribute('data-theme')).toBe(theme);
        const shown = bare(form?.textContent ?? '');
        expect(shown).toContain(bare(t['app.slogan']));
        expect(shown).not.toContain(bare(other['login.subtitle']));
      }
    }
  });

  it('draws each theme in its own colours', () => {
    const page = parse();
    for (const theme of THEMES) {
      const { colorBgLayout } = antdTheme.getDesignToken(appTheme(theme, THEME_COLOR));
      for (const locale of LOCALES) {
        const style = drawing(page, locale, theme)?.querySelector('.pp-auth-page')?.getAttribute('style');
        expect(style, `${locale} ${theme}`).toBe(`background:${colorBgLayout.toLowerCase()}`);
      }
    }
  });

  it("prefetches the app's script, started by its own script, brings its stylesheet inline, and runs no other script", () => {
    const page = parse();
    // the app's script prefetched, not run: the start script in its place runs it once the form is painted
    expect(page.querySelector('script[src]')).toBeNull();
    expect(
      page.querySelector(`head link[rel="prefetch"][crossorigin][${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute('href'),
    ).toBe('/assets/index-3fa9c0de.js');
    expect(page.querySelector('head script[type="module"]')?.textContent).toBe(APP_START_SCRIPT);
    expect(page.querySelector('link[rel="stylesheet"]')).toBeNull();
    expect([...page.querySelectorAll('style')].map((style) => style.textContent)).toContain(APP_STYLES);
    const inline = [...page.querySelectorAll('script')].map((script) => script.textContent);
    expect(inline).toEqual([APP_START_SCRIPT, SIGN_IN_SCRIPT]);
    expect(page.querySelector('#root + script')?.textContent).toBe(SIGN_IN_SCRIPT);
  });

  it("carries antd's styles of the form, not those of what it does not show, nor antd's record of them", () => {
    const antd = parse().querySelector('head style')?.textContent ?? '';
    for (const rule of [
      '.ant-input',
      '.ant-btn-color-primary',
      '.ant-checkbox-checked',
      '.ant-form-item-label',
      '--ant-',
    ])
      expect(antd).toContain(rule);
    for (const absent of ['.ant-col-xs-', '.ant-tooltip', '.ant-btn-dangerous', 'data-ant-cssinjs-cache-path'])
      expect(antd).not.toContain(absent);
  });
});

describe("the document's script", () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[DRAWING_SHOWN_KEY];
  });
  /** When the app may start (the script's promise), or undefined where nothing was drawn. */
  const appStart = () => (window as unknown as Record<string, Promise<void> | undefined>)[DRAWING_SHOWN_KEY];

  /** The document as the browser has it once SIGN_IN_SCRIPT, its one script before the app's, has run. */
  function open(): Document {
    const page = parse();
    new Function('document', 'window', SIGN_IN_SCRIPT)(page, window);
    return page;
  }
  const shown = (page: Document) => page.querySelector('#root > [data-prerendered] form');

  it('draws the form in the default language and theme for a first visit', () => {
    const page = open();
    expect(page.documentElement.lang).toBe(DEFAULT_LOCALE);
    expect(page.documentElement.dataset.theme).toBe('light');
    expect(page.querySelector('#root [data-testid="navbar-theme"]')?.getAttribute('data-theme')).toBe('light');
    expect(text(page, '#root h1')).toBe(bare(CATALOGUES[DEFAULT_LOCALE]['login.title']));
    expect(page.body.style.filter).toBe('');
  });

  it('draws the stored language and theme, and the colour weakness filter', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ theme: 'dark', colorWeak: true }));
    const page = open();
    expect(page.documentElement.lang).toBe('en-US');
    expect(page.documentElement.dataset.theme).toBe('dark');
    expect(page.querySelector('#root [data-testid="navbar-theme"]')?.getAttribute('data-theme')).toBe('dark');
    expect(text(page, '#root h1')).toBe(bare(enUS['login.title']));
    expect(page.body.style.filter).toBe('invert(80%)');
  });

  it('draws the default for a stored language or settings it does not know', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'fr-FR');
    localStorage.setItem(STORAGE_KEYS.settings, '{not json');
    const page = open();
    expect(page.documentElement.lang).toBe(DEFAULT_LOCALE);
    expect(page.documentElement.dataset.theme).toBe('light');
    expect(shown(page)).toBeTruthy();
  });

  it('draws nothing for someone with a session, whom the app sends on at once', () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'a-token');
    expect(shown(open())).toBeNull();
    expect(appStart()).toBeUndefined(); // nothing to wait for
    sessionStorage.clear();
    localStorage.setItem(STORAGE_KEYS.rememberedToken, 'a-remembered-token');
    expect(shown(open())).toBeNull();
    expect(appStart()).toBeUndefined();
  });

  it('lets the app start once the drawn form is painted', async () => {
    expect(shown(open())).toBeTruthy();
    const start = appStart();
    expect(start).toBeInstanceOf(Promise);
    let started = false;
    void start?.then(() => {
      started = true;
    });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(started).toBe(false); // the frame that shows the form is not painted yet
    await expect(start).resolves.toBeUndefined();
  });

  it("starts the form as the app's does: the remembered username, 'remember password' ticked", () => {
    localStorage.setItem(STORAGE_KEYS.rememberedUsername, 'buyer@example.com');
    const page = open();
    expect(page.querySelector<HTMLInputElement>('#root #username')?.value).toBe('buyer@example.com');
    const remember = page.querySelector<HTMLInputElement>('#root #remember');
    expect(remember?.checked).toBe(true);
    expect(remember?.parentElement?.classList.contains('ant-checkbox-checked')).toBe(true);
  });

  it('keeps the checkbox drawn as its box, and holds a submit back for the app', () => {
    const page = open();
    const remember = page.querySelector<HTMLInputElement>('#root #remember') as HTMLInputElement;
    expect(remember.parentElement?.classList.contains('ant-checkbox-checked')).toBe(false);
    remember.checked = true;
    remember.dispatchEvent(new Event('change'));
    expect(remember.parentElement?.classList.contains('ant-checkbox-checked')).toBe(true);
    const form = shown(page) as HTMLFormElement;
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-submitted')).toBe(true);
  });

  it('marks the submit button pressed from its press to the release, wherever that is', () => {
    const page = open();
    const form = shown(page) as HTMLFormElement;
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    form.querySelector('#username')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(form.hasAttribute('data-pressed')).toBe(false);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(form.hasAttribute('data-pressed')).toBe(true);
    page.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
    expect(form.hasAttribute('data-pressed')).toBe(false);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('pointercancel', { bubbles: true }));
    expect(form.hasAttribute('data-pressed')).toBe(false);
  });
});
