import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's script, evaluated in a document only once: the builder evaluates it at every check (twice), and
 * a sweep checks one document screen after screen (its 560 KB took ~200 ms each time).
 */
const AXE_ONCE = `if (!window.axe) {${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/**
 * Issue 26, accessibility measured: axe-core's WCAG 2.0 and 2.1 level A and AA rules on the page as a user
 * sees it, and its best practices beside them (landmarks, the order of headings…). Every finding fails,
 * whatever its impact: none is left on the screens swept, so a new one is a regression.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const CHECKED_TAGS = [...WCAG_TAGS, 'best-practice'];

/** One rule broken on one screen: where, how badly, and the elements (axe's selectors) that break it. */
export interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
  /** axe's reason, e.g. the colours and the ratio measured. */
  detail: string;
  /** The element's opening markup, shortened: generated ids alone rarely say which field it is. */
  html: string;
  /** A WCAG A/AA rule's finding (else one of axe's best practices). */
  wcag: boolean;
}

/**
 * Waits until the screen has drawn what it loads: no request in flight, no navigation in progress (the
 * progress bar), no loading placeholder or spinner (the route's skeleton, a table's or a card's spin,
 * anything aria-busy), no passing message still shown (the welcome after signing in lasts three seconds and
 * fades out: caught fading by axe, its text measured 2.94:1 in a run), and no finite animation still
 * running (a fading modal or a sliding tab would be measured half transparent). Endless animations (a
 * progress spinner) are not waited for.
 */
export async function screenSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('#nprogress, [aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active, .ant-message-notice'),
  ).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Every finding of the WCAG A/AA rules on the page, whatever its impact, once its screen has settled. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  await screenSettled(page);
  // axe.run in the page and its frames (axe's "legacy mode"), rather than a run in each frame gathered in a new
  // blank page: that page, a renderer started and axe evaluated again at every check, took 1.2-1.6 s of the
  // 2-2.5 s a staff screen's check took, and the app has no frame of another origin it alone would reach.
  // Only the violations are read: axe gathers the passes' and the rest's elements for one node each
  // (`resultTypes`), not for every element of the page; the violations come whole as before.
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE })
    .setLegacyMode()
    .withTags(CHECKED_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const route = new URL(page.url()).pathname;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      route,
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? '',
      targets: node.target.map(String),
      detail: [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; '),
      html: node.html.slice(0, 200),
      wcag: violation.tags.some((tag) => WCAG_TAGS.includes(tag)),
    })),
  );
}

/** A finding as one line of a failure message. */
export const describeFinding = (finding: Finding): string =>
  `${finding.route}: ${finding.rule} (${finding.impact}, ${finding.wcag ? 'WCAG' : 'best practice'}) at ${finding.targets.join(' > ')}: ${finding.detail} — ${finding.html}`;

/**
 * Checks the page has no finding of the WCAG rules or the best practices, of any impact; a soft check, so a
 * sweep over many screens goes on and fails at its end naming every finding: route, rule, impact and the
 * elements. Returns the findings, for the sweep's tally.
 */
export async function expectAccessible(page: Page, label = new URL(page.url()).pathname): Promise<Finding[]> {
  const findings = await axeFindings(page);
  expect.soft(findings.map(describeFinding), `axe findings (WCAG A/AA and best practices) on ${label}`).toEqual([]);
  return findings;
}
