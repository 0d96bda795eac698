import { THEME_COLOR } from '@parcelport/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANTD_STYLES_ATTRIBUTE, antdStyles, withAntdStyles } from './antdStyles';

let styles: ReturnType<typeof antdStyles>;
beforeAll(() => {
  styles = antdStyles();
});

/** The style paths antd's record in the stylesheet names (`hash|Component-Part|prefix|iconPrefix`). */
const recorded = (css: string) =>
  (/\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '')
    .split(';')
    .map((entry) => entry.split(':')[0] as string);

describe("antd's styles made at build time", () => {
  it("holds the rules of every component and their parts, each named in antd's record at the end", () => {
    const { css } = styles;
    for (const selector of [
      '.ant-btn',
      '.ant-table',
      '.ant-picker',
      '.ant-select',
      '.ant-menu',
      '.ant-layout',
      '.ant-card',
      '.ant-tag',
      '.ant-message',
      '.ant-modal',
      '.ant-input-textarea',
      '.ant-typography',
      '.ant-skeleton',
    ])
      expect(css, selector).toContain(selector);
    expect(css.trimEnd()).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]+";\}$/);
    const paths = recorded(css);
    for (const component of ['Button', 'Table', 'DatePicker', 'Select', 'Menu', 'Layout', 'Card', 'Tag', 'Input'])
      expect(
        paths.some((entry) => entry.split('|')[1]?.split('-')[0] === component),
        component,
      ).toBe(true);
    expect(styles.drawn).toBeGreaterThan(100);
  });

  it("carries no theme: the colours are antd's CSS variables, which the app sets for the reader's theme", () => {
    const { css } = styles;
    expect(css).toContain('var(--ant-color-primary)');
    expect(css).not.toMatch(/--ant-color-primary\s*:/);
    for (const colour of [THEME_COLOR, '#1677ff', '#141414'])
      expect(css.toLowerCase()).not.toContain(colour.toLowerCase());
  });

  it("is linked from index.html ahead of the app's script and stylesheet", () => {
    const index =
      '<head><title>x</title><script>first</script>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css"></head>';
    const html = withAntdStyles(index, '/assets/antd-abc.css');
    const link = html.indexOf(`<link rel="stylesheet" href="/assets/antd-abc.css" ${ANTD_STYLES_ATTRIBUTE}>`);
    expect(link).toBeGreaterThan(html.indexOf('<script>first</script>'));
    expect(link).toBeLessThan(html.indexOf('<script type="module"'));
    expect(link).toBeLessThan(html.indexOf('/assets/index-2.css'));
  });
});
