import { expect, type Locator, type Page } from '@playwright/test';
import { literally } from './ui.ts';

/**
 * Everything the specs click in a floating layer of antd goes through here: select options, dropdown-menu
 * items, popconfirms, popovers and date pickers (tests/overlay-discipline.spec.ts refuses any other way).
 *
 * Such a layer is drawn apart from the page, placed beside what opened it and then slides or zooms in; on a
 * busy machine a click that lands while it still moves hits nothing (or the page behind it) and is lost.
 * Each helper therefore waits until the layer is placed and still before it clicks, checks that the click
 * had its effect and clicks again only while the effect is provably missing, so nothing is ever done twice.
 */

/** The floating layers of antd: select and date popups, dropdown menus, popovers (popconfirms are popovers). */
const LAYERS = ['ant-select-dropdown', 'ant-picker-dropdown', 'ant-dropdown', 'ant-popover'];

/** antd's motion classes while a layer moves in or out (…-enter, …-appear, …-leave, with -prepare/-active). */
const MOVING = /-(enter|appear|leave)\b/;

/** The layer (of the kinds above) that is or holds `inside`. */
function layerOf(inside: Locator): Locator {
  const anyLayer = LAYERS.map((name) => `contains(concat(" ", normalize-space(@class), " "), " ${name} ")`).join(
    ' or ',
  );
  return inside.locator(`xpath=ancestor-or-self::*[${anyLayer}][1]`);
}

/** The layers opening or open: antd marks one that has closed with its -hidden class. */
const OPEN_LAYERS = LAYERS.map((name) => `.${name}:not(.${name}-hidden)`).join(', ');

/** Waits until the layer is on screen, placed, and done moving in. */
async function settled(layer: Locator, timeout?: number): Promise<void> {
  await expect(layer).toBeVisible({ timeout });
  await expect(layer).not.toHaveClass(MOVING, { timeout });
}

/**
 * Opens the layer of `trigger` with a click, then waits until `inside` shows in it, placed and still. The
 * trigger toggles its layer, so it is clicked again only while no new layer is opening at all (a click that
 * landed while the page was still drawn); what the layer shows may take longer (options that load).
 */
async function openLayer(trigger: Locator, inside: Locator): Promise<void> {
  const open = trigger.page().locator(OPEN_LAYERS);
  const before = await open.count();
  await expect(async () => {
    if ((await open.count()) <= before) await trigger.click({ timeout: 5_000 });
    await expect.poll(() => open.count(), { timeout: 5_000 }).toBeGreaterThan(before);
  }).toPass({ timeout: 60_000 });
  await expect(inside).toBeVisible();
  await settled(layerOf(inside));
}

/**
 * Clicks `item` of a settled layer that closes once an item is chosen (a menu, a popconfirm's OK), again
 * until that layer has gone. Once it has gone after a click the choice went through, so it is never made
 * twice; a layer may also blink out of sight while it is placed, so its absence before any click has
 * landed proves nothing.
 */
async function chooseUntilClosed(item: Locator): Promise<void> {
  let clicked = false;
  await expect(async () => {
    if (!clicked || (await item.isVisible())) {
      await settled(layerOf(item), 5_000);
      await item.click({ timeout: 5_000 });
      clicked = true;
    }
    await expect(item).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** The select popups on screen, including one still fading out after its pick. */
const openSelectPopups = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks the option showing `label` in the antd Select with that test id, and checks the select then shows
 * it. It waits for every other select popup to be gone first: one still fading out after the previous pick
 * holds options of the same name (the platform list's "USPS (direct)" beside the carrier list's "USPS"),
 * and a click there lands nowhere. The option is clicked again only while its popup stays open: a pick
 * closes it.
 */
export async function pickOption(page: Page, testId: string, label: string): Promise<void> {
  await expect(openSelectPopups(page)).toHaveCount(0);
  const popup = openSelectPopups(page);
  const option = popup.locator('.ant-select-item-option', { hasText: label }).first();
  await openLayer(page.getByTestId(testId), option);
  await chooseUntilClosed(option);
  await expect(page.getByTestId(testId)).toContainText(label);
}

/**
 * Types `typed` into the searchable Select with that test id and takes, from the keyboard, the one option it
 * leaves, which shows `label` (the options are drawn again as a search answers, so a pointer could land on one
 * being replaced); then leaves the box with its popup closed, which a multiple select needs (it stays open
 * after a pick), as a click beside it does.
 */
export async function pickByTyping(page: Page, testId: string, typed: string, label: string): Promise<void> {
  const select = page.getByTestId(testId);
  const input = select.locator('input');
  await select.click();
  await input.fill(typed);
  await expect(openSelectPopups(page).locator('.ant-select-item-option')).toHaveText([literally(label)]);
  await input.press('Enter');
  await expect(select).toContainText(label);
  await input.blur();
  await expect(openSelectPopups(page)).toHaveCount(0);
}

/**
 * Types `typed` into the searchable Select with that test id and answers its popup, to check what the search
 * offers (or that it offers nothing); nothing is clicked in it. The caller leaves the box (blur) when done.
 */
export async function searchInSelect(page: Page, testId: string, typed: string): Promise<Locator> {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(typed);
  return openSelectPopups(page);
}

/** Picks the account `email` in the user search box (GET /api/admin/list?keyword=) with that test id. */
export const pickUser = (page: Page, testId: string, email: string) => pickByTyping(page, testId, email, email);

/**
 * Chooses the item with test id `itemTestId` in the dropdown menu (or menu-like popover) opened by
 * `triggerTestId`: the navbar's user menu, the tab bar's menu, the language switch. The caller checks what
 * the item does.
 */
export async function chooseFromMenu(page: Page, triggerTestId: string, itemTestId: string): Promise<void> {
  const item = page.getByTestId(itemTestId);
  await openLayer(page.getByTestId(triggerTestId), item);
  await chooseUntilClosed(item);
}

/**
 * Opens the dropdown menu of `triggerTestId` to read it, settled; the caller closes it (Escape).
 * For choosing an item use chooseFromMenu.
 */
export async function openMenu(page: Page, triggerTestId: string): Promise<Locator> {
  const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
  await openLayer(page.getByTestId(triggerTestId), menu);
  return menu;
}

/**
 * Opens the popover of `triggerTestId` until its panel (`panelTestId`) is placed and still, and returns
 * the panel: what the caller then clicks inside stays where it is.
 */
export async function openPopover(page: Page, triggerTestId: string, panelTestId: string): Promise<Locator> {
  const panel = page.getByTestId(panelTestId);
  await openLayer(page.getByTestId(triggerTestId), panel);
  return panel;
}

/** The popconfirm on screen: its question, to read before confirmPopup. */
export const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');

/**
 * Confirms the popconfirm just opened: its OK clicked once it is placed and still, and again until the
 * popup has gone (a click that lands while it still zooms in is lost, nothing is sent). Once it has gone
 * after a click the confirmation went through, so it is never confirmed twice.
 */
export async function confirmPopup(page: Page): Promise<void> {
  await chooseUntilClosed(page.getByTestId('popconfirm-ok').filter({ visible: true }));
}

/**
 * Types a day (YYYY-MM-DD) into one input of an antd date or range picker and confirms it with Enter, as a
 * keyboard user would; the input must then hold it. The typing needs no settled popup: it goes to the input.
 */
export async function typeDate(input: Locator, day: string): Promise<void> {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

/** The two inputs of the antd range picker inside `container` (its test id lands on the first input only). */
export const rangeInputs = (container: Locator) => {
  const inputs = container.locator('.ant-picker-range input');
  return { from: inputs.first(), to: inputs.last() };
};
