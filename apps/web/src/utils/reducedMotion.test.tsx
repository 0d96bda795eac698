import { THEME_COLOR } from '@parcelport/shared';
import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appTheme } from '../theme';
import { scrollBehavior, useReducedMotion } from './reducedMotion';

/** A system setting for reduced motion that the test turns on and off, as the reader would in their system. */
function systemSetting(initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initially,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => (query === '(prefers-reduced-motion: reduce)' ? list : { matches: false }) as MediaQueryList,
  );
  return (reduce: boolean) => {
    list.matches = reduce;
    for (const listener of listeners) listener();
  };
}

function Motion() {
  return <output>{useReducedMotion() ? 'still' : 'moving'}</output>;
}

describe('reduced motion (WCAG 2.3.3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows the reader's system setting, also when it changes", () => {
    const set = systemSetting(true);
    render(<Motion />);
    expect(screen.getByRole('status').textContent).toBe('still');
    expect(scrollBehavior()).toBe('auto');
    act(() => set(false));
    expect(screen.getByRole('status').textContent).toBe('moving');
    expect(scrollBehavior()).toBe('smooth');
  });

  it("turns antd's motion off only for a reader who asked", () => {
    expect(antdTheme.getDesignToken(appTheme('light', THEME_COLOR, true)).motion).toBe(false);
    expect(antdTheme.getDesignToken(appTheme('dark', THEME_COLOR)).motion).toBe(true);
  });
});
