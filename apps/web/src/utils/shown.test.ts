import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_VALUE, shownDay, shownMinute, shownSecond } from './shown';

const SRC = path.resolve(import.meta.dirname, '..');

/** The sources of src a reader's screen is made of (tests left out). */
function screenSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return screenSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('shown times and the missing-value mark', () => {
  it('writes a moment as a day, to the minute or to the second', () => {
    expect(shownDay('2026-03-01T08:05:09')).toBe('2026-03-01');
    expect(shownMinute('2026-03-01T08:05:09')).toBe('2026-03-01 08:05');
    expect(shownSecond('2026-03-01T08:05:09')).toBe('2026-03-01 08:05:09');
    expect(shownMinute(new Date(2026, 2, 1, 8, 5).getTime())).toBe('2026-03-01 08:05');
  });

  it('shows the one missing-value mark where there is no moment', () => {
    expect(NO_VALUE).toBe('—');
    for (const missing of [null, undefined, '']) {
      expect(shownDay(missing)).toBe(NO_VALUE);
      expect(shownMinute(missing)).toBe(NO_VALUE);
      expect(shownSecond(missing)).toBe(NO_VALUE);
    }
  });

  it('no screen writes a moment or a missing value its own way', () => {
    const own = screenSources(SRC)
      .filter((file) => !file.endsWith(path.join('utils', 'shown.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${path.relative(SRC, file)}:${index + 1}` }))
          // a moment to the minute or second, or a dash standing for no value (a hyphen as a sign or a joint is not)
          .filter(({ line }) => /format\('YYYY-MM-DD HH|'—'|(\|\||\?\?|[?:]) '-'(?! :)|^\s*'-',?$/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(own).toEqual([]);
  });
});
