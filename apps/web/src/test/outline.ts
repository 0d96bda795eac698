import { expect } from 'vitest';

/** The page's headings in document order: their level and text. */
export function headings(root: ParentNode = document): { level: number; text: string }[] {
  return Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => ({
    level: Number(heading.tagName.slice(1)),
    text: heading.textContent ?? '',
  }));
}

/**
 * The page is headed as axe's best practices ask (page-has-heading-one, heading-order, landmark-one-main): one
 * h1, inside the one main landmark, naming the page as `title`; every heading after it at most one level below
 * the one before.
 */
export function expectOutline(title: string): void {
  const outline = headings();
  expect(outline.filter((heading) => heading.level === 1)).toEqual([{ level: 1, text: title }]);
  const mains = document.querySelectorAll('main');
  expect(mains).toHaveLength(1);
  expect(headings(mains[0] as Element)[0]).toEqual({ level: 1, text: title });
  const skips = outline.filter((heading, index) => index > 0 && heading.level > (outline[index - 1]?.level ?? 0) + 1);
  expect(skips).toEqual([]);
}
