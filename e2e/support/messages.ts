import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * antd messages (the toasts saying "saved", "deleted", a server's refusal) leave the screen after a few
 * seconds. On a busy machine the check after a click can come later than that, so a check of the screen
 * at that moment misses a message the user did see. Every page of a recorded context therefore keeps each
 * message and notification as it appears, and `expectMessage` reads that record.
 */
export async function recordMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: { element: Element; checked: boolean }[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { __shownMessages: typeof shown }).__shownMessages = shown;
    const notices = '.ant-message-notice, .ant-notification-notice';
    const keep = (element: Element) => {
      if (seen.has(element)) return;
      seen.add(element);
      shown.push({ element, checked: false });
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.addedNodes)) {
          if (!(node instanceof Element)) continue;
          if (node.matches(notices)) keep(node);
          for (const notice of Array.from(node.querySelectorAll(notices))) keep(notice);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Waits until a message not checked before has been shown: one holding an element with `testId` when
 * given, whose text (of that element, else of the whole message) is `text` (a string: all of it, spaces
 * trimmed; a RegExp: a match), or any text. The message found counts as checked, so the same words
 * shown again by a later action are waited for anew.
 */
export async function expectMessage(page: Page, testId: string | null, text?: string | RegExp): Promise<void> {
  const wanted = text === undefined ? null : typeof text === 'string' ? { exact: text } : { source: text.source };
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ testId, wanted }) => {
            const shown = (window as unknown as { __shownMessages?: { element: Element; checked: boolean }[] })
              .__shownMessages;
            if (!shown) throw new Error('messages are not recorded in this context (prepareContext)');
            const textOf = (entry: { element: Element }) => {
              const holder = testId ? entry.element.querySelector(`[data-testid="${testId}"]`) : entry.element;
              return holder ? (holder.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
            };
            const matches = (value: string | null) =>
              value !== null &&
              (wanted === null || ('exact' in wanted ? value === wanted.exact : new RegExp(wanted.source).test(value)));
            const found = shown.find((entry) => !entry.checked && matches(textOf(entry)));
            if (found) {
              found.checked = true;
              return 'shown';
            }
            // A refusal shown in a dialog rather than a message is named too, so a failure says what the user saw.
            const dialogs = Array.from(
              document.querySelectorAll('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'),
            );
            return `not shown; unchecked messages: ${JSON.stringify(shown.filter((entry) => !entry.checked).map((entry) => entry.element.textContent))}; dialogs: ${JSON.stringify(dialogs.map((dialog) => dialog.textContent))}`;
          },
          { testId, wanted },
        ),
      { message: `a message${testId ? ` [data-testid=${testId}]` : ''}${text ? ` saying ${text}` : ''}` },
    )
    .toBe('shown');
}
