import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Every click in a floating layer of antd (a select's options, a dropdown menu, a popover, a popconfirm, a
 * date picker) goes through e2e/support/overlays.ts, which waits for the layer to be placed and still and
 * retries a lost click without doing anything twice. A spec that reaches into such a layer itself loses
 * clicks on a busy machine; this reads the suite's own files (no browser) and names each place that does.
 */

const E2E = path.resolve(import.meta.dirname, '..');
/** The one file allowed to touch the layers. */
const OVERLAYS = path.join(E2E, 'support', 'overlays.ts');

/** Test ids of the dropdown menus and popovers the app draws, and of what they hold (apps/web/src/layout, …). */
const LAYER_TEST_IDS = [
  // What opens one (the whole test id).
  ...[
    'navbar-user',
    'navbar-language',
    'navbar-alerts',
    'navbar-balances',
    'table-settings',
    'volume-manifest',
    'volume-slips',
  ].map((id) => `${id}['"\`]`),
  'tab-bar-more',
  'action-more',
  'rate-[^\'"`]*-breakdown',
  // What a menu holds (the start of the test id).
  'user-menu-',
  'language-(?:zh-CN|en-US|\\$\\{)',
  'tab-bar-(?:close|others|all|\\$\\{)',
  'action-(?:bill|release|copy)',
  'volume-manifest-create',
  'volume-slips-',
];
const layerTestId = new RegExp(`getByTestId\\(\\s*['"\`](?:${LAYER_TEST_IDS.join('|')})`);
const CLICK = /\.(?:click|dblclick|tap|hover|check|setChecked)\(/;

/** What a line may not do outside overlays.ts, and why. */
const RULES: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /ant-(?:select-dropdown|select-item|dropdown|popover|popconfirm|picker)/,
    reason: 'reaches into an antd floating layer (select popup, dropdown, popover, popconfirm, date picker)',
  },
  { pattern: /popconfirm-ok/, reason: "clicks a popconfirm's OK: use confirmPopup" },
  { pattern: /-option-.*\.(?:click|dblclick|tap)\(/, reason: 'clicks a select option: use pickOption' },
  { pattern: /getByRole\(\s*['"`]option['"`]/, reason: 'reaches for a select option: use pickOption' },
  {
    pattern: new RegExp(`${layerTestId.source}.*${CLICK.source}`),
    reason: 'opens or clicks a dropdown menu or popover itself: use chooseFromMenu, openMenu or openPopover',
  },
];

/** The places in `source` that touch a floating layer, as "line: reason: text". */
function overlayViolations(source: string): string[] {
  const found: string[] = [];
  // A locator of a layer's item held in a variable and clicked on a later line.
  const heldItems = new Set<string>();
  source.split('\n').forEach((line, index) => {
    const held = /(?:const|let)\s+(\w+)\s*=\s*(.*)/.exec(line);
    if (held?.[1] && held[2] && layerTestId.test(held[2])) heldItems.add(held[1]);
    const reasons = RULES.filter(({ pattern }) => pattern.test(line)).map(({ reason }) => reason);
    for (const name of heldItems) {
      if (new RegExp(`\\b${name}${CLICK.source}`).test(line)) {
        reasons.push('clicks an item of a dropdown menu or popover itself: use chooseFromMenu or openPopover');
      }
    }
    for (const reason of reasons) found.push(`${index + 1}: ${reason}: ${line.trim()}`);
  });
  return found;
}

/** The suite's specs and support files, but overlays.ts and this file. */
function suiteFiles(): string[] {
  return ['tests', 'support']
    .flatMap((folder) =>
      readdirSync(path.join(E2E, folder))
        .filter((name) => name.endsWith('.ts'))
        .map((name) => path.join(E2E, folder, name)),
    )
    .filter((file) => file !== OVERLAYS && file !== import.meta.filename);
}

test('no spec clicks in an antd floating layer but through support/overlays.ts', () => {
  const violations = suiteFiles().flatMap((file) =>
    overlayViolations(readFileSync(file, 'utf8')).map((place) => `${path.relative(E2E, file)}:${place}`),
  );
  expect(violations, violations.join('\n')).toEqual([]);
});

/** The web app's sources, where its popconfirms are drawn. */
const WEB_SRC = path.resolve(E2E, '..', 'apps', 'web', 'src');

/** The test ids given to the OK button of each `<Popconfirm>` in `source` (up to its closing tag). */
function popconfirmOkTestIds(source: string): string[] {
  return source
    .split('<Popconfirm')
    .slice(1)
    .map((rest) => rest.split('</Popconfirm>')[0] ?? rest)
    .flatMap((popconfirm) => [...popconfirm.matchAll(/okButtonProps=\{\{[^}]*'data-testid':\s*'([^']+)'/g)])
    .map((match) => match[1] as string);
}

test("every popconfirm's OK is popconfirm-ok, so the rule above sees a bare click on it", () => {
  const named = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
    .flatMap((name) =>
      popconfirmOkTestIds(readFileSync(path.join(WEB_SRC, name), 'utf8')).map((testId) => `${name}: ${testId}`),
    );
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((place) => !place.endsWith(': popconfirm-ok'))).toEqual([]);
});

/** The `<Modal>`s of `source` (each up to the end of its opening tag's props) that are drawn before they open. */
function modalsRenderedClosed(source: string): string[] {
  return source
    .split('<Modal')
    .slice(1)
    .map((rest) => rest.split(/\n\s*>\n/)[0] ?? rest)
    .filter((props) => /\bforceRender\b/.test(props));
}

test('no modal is drawn before it opens: a closed one would keep Escape from closing the one open', () => {
  // antd puts a modal drawn closed (forceRender) on its stack of layers for Escape; one drawn after the modal
  // a person opens stays on top of it, so Escape goes to the closed one and the open one stays (seen on
  // /settings/api). accessibility.spec.ts closes each dialog it sweeps with Escape.
  const sources = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'),
  );
  const early = sources.flatMap((name) =>
    modalsRenderedClosed(readFileSync(path.join(WEB_SRC, name), 'utf8')).map(() => name),
  );
  expect(early).toEqual([]);
  expect(modalsRenderedClosed('<Modal\n      open={open}\n      forceRender\n    >\n')).toHaveLength(1);
});

test('the check catches the select pick that lost its click in address-book.spec.ts', () => {
  // The spec-local pickOption of address-book.spec.ts before it moved to overlays.ts, and its unit pick.
  const before = [
    'async function pickOption(page: Page, selectTestId: string, optionPrefix: string, optionText: string) {',
    '  await page.getByTestId(selectTestId).click();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a spec's code, as text
    '  await page.locator(`.ant-select-dropdown [data-testid^="${optionPrefix}"]`).filter({ hasText: optionText }).click();',
    '}',
    "      await page.locator('.ant-select-dropdown').getByTestId('template-unit-kg/cm').click();",
    "  await page.getByTestId('payment-option-achWire').click();",
    "  await page.getByTestId('navbar-user').click();",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a spec's code, as text
    '  const item = page.getByTestId(`tab-bar-${action}`);',
    '  await item.click();',
    "  await page.getByTestId('popconfirm-ok').click();",
  ].join('\n');
  expect(overlayViolations(before).map((place) => Number(place.split(':')[0]))).toEqual([3, 5, 6, 7, 9, 10]);
});
