import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../AppProviders';
import { insert } from './indexEdits';

/** antd's name for the panel of a component that otherwise draws only in a popup (message, modal, tooltip…). */
const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired';

const isComponent = (value: unknown): value is ComponentType =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/**
 * Every antd component and each of its parts (`Input.TextArea`, `Typography.Title`, `Layout.Sider`, …), and
 * the panels of those that draw in a popup: each part registers styles of its own.
 */
function everyComponent(): { name: string; element: ReactElement }[] {
  const found: { name: string; element: ReactElement }[] = [];
  const seen = new Set<unknown>();
  const visit = (name: string, value: unknown, depth: number) => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
    seen.add(value);
    const panel = (value as Record<string, unknown>)[PANEL];
    if (isComponent(panel)) found.push({ name: `${name}.panel`, element: createElement(panel) });
    if (!isComponent(value) || depth > 2) return;
    found.push({ name, element: createElement(value) });
    for (const [key, part] of Object.entries(value)) if (/^[A-Z]/.test(key)) visit(`${name}.${key}`, part, depth + 1);
  };
  for (const [name, value] of Object.entries(antd)) if (name !== 'ConfigProvider') visit(name, value, 0);
  return [...found, ...PROP_STYLES];
}

/**
 * What draws styles of its own only with a prop or a surrounding: a tag in a preset or a status colour, a
 * button in a compact group, a form item in a form, a confirmation dialog.
 */
const PROP_STYLES: { name: string; element: ReactElement }[] = [
  { name: 'Tag preset colour', element: <antd.Tag color="blue" /> },
  { name: 'Tag status colour', element: <antd.Tag color="success" /> },
  {
    name: 'Space.Compact buttons',
    element: (
      <antd.Space.Compact>
        <antd.Button />
        <antd.Button />
      </antd.Space.Compact>
    ),
  },
  {
    name: 'Form.Item in a form',
    element: (
      <antd.Form>
        <antd.Form.Item label="x" name="x">
          <antd.Input />
        </antd.Form.Item>
      </antd.Form>
    ),
  },
  { name: 'Modal confirm', element: <antd.Modal._InternalPanelDoNotUseOrYouWillBeFired type="confirm" /> },
];

/**
 * antd's styles of every component, as antd's CSS-in-JS would generate them in the browser at each component's
 * first render, made at build time (issue 26, first screens): plain CSS for a stylesheet of the build, ending
 * with antd's record of what it holds (`.data-ant-cssinjs-cache-path{content:…}`), from which antd's
 * runtime, finding it on the page, takes each of these styles as present rather than generating and
 * inserting it again (`@ant-design/cssinjs` `existPath`: "style from the css file"). A style not in it is
 * generated as before, so nothing goes unstyled. Only the components' rules: the theme's values are CSS
 * variables that the app still sets at runtime for the reader's theme (light or dark) and primary colour, so
 * the same rules serve every theme. Rendered inside the app's own providers, so that every class and hash is
 * the one the app uses.
 */
export function antdStyles(): { css: string; drawn: number; failed: string[] } {
  const cache = createCache();
  const failed: string[] = [];
  let drawn = 0;
  for (const { name, element } of everyComponent()) {
    try {
      renderToString(
        <StyleProvider cache={cache}>
          <AppProviders queryClient={createQueryClient()}>
            <MemoryRouter>{element}</MemoryRouter>
          </AppProviders>
        </StyleProvider>,
      );
      drawn += 1;
    } catch {
      // a part that cannot draw alone (a menu item outside a menu, a form list without a name): its styles come
      // with the component it belongs to, or at runtime
      failed.push(name);
    }
  }
  return { css: extractStyle(cache, { plain: true, types: 'style' }), drawn, failed };
}

/** The attribute that marks the stylesheet of antd's styles in the built index.html. */
export const ANTD_STYLES_ATTRIBUTE = 'data-antd-styles';

/**
 * The built index.html with the stylesheet of antd's styles (at `href`) linked ahead of the app's script: the
 * app's script runs once the stylesheet is in, so antd's runtime finds the record of its styles at its first
 * render. Ahead of the app's own stylesheet too, whose rules come after antd's as when antd inserts its own.
 */
export function withAntdStyles(indexHtml: string, href: string): string {
  return insert(indexHtml, '<script type="module"', `${antdStylesLink(href)}\n    `);
}

/** The link to the stylesheet of antd's styles at `href`. */
export function antdStylesLink(href: string): string {
  return `<link rel="stylesheet" href="${href}" ${ANTD_STYLES_ATTRIBUTE}>`;
}
