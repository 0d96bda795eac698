import type { BrowserContext, Page } from '@playwright/test';
import { recordMessages } from './messages.ts';

/**
 * An antd dialog while it zooms or slides in or out: rc-motion gives the modal (or the drawer's panel) its
 * motion name as a class (`ant-zoom`, `ant-drawer-panel-motion-right`, …) only while it moves.
 */
const MOVING_DIALOG = '.ant-modal.ant-zoom, .ant-drawer-content-wrapper[class*="ant-drawer-panel-motion-"]';

/**
 * Holds every action of `page` (and every auto-waiting check) while a dialog moves. A modal is drawn at its
 * place for a frame before it zooms in from where it was opened, so on a busy machine a click aimed at its
 * checkbox or OK could land while it was still small and elsewhere, and be lost (a role left unticked, a
 * label never bought). Playwright runs the handler before each try of an action while the locator is
 * visible, and then waits for it to be hidden: the dialog done moving. The handler itself has nothing to do.
 */
async function waitOutDialogMotion(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator(MOVING_DIALOG).first(), async () => {});
}

/**
 * Prepares a browser context for the suite: the messages its pages show are recorded (messages.ts) and
 * none of its pages acts on a dialog that is still moving.
 */
export async function prepareContext(context: BrowserContext): Promise<void> {
  await recordMessages(context);
  context.on('page', (page) => void waitOutDialogMotion(page));
  for (const page of context.pages()) await waitOutDialogMotion(page);
}
