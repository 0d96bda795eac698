import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setWindowWidth } from '../test/helpers';
import { onResizeSettled, remBase, useNarrower, useRemBase } from './viewport';

function resizeTo(width: number) {
  setWindowWidth(width);
  window.dispatchEvent(new Event('resize'));
}

const rootFontSize = () => document.documentElement.style.fontSize;

beforeEach(() => {
  vi.useFakeTimers();
  resizeTo(1440);
});
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.style.removeProperty('font-size');
  // jsdom's width again: the files after this one in the worker draw desktop screens (an order list narrower
  // than its breakpoint is cards, without the table's rows)
  resizeTo(1024);
});

describe('the rem base (docs/spec.md §9)', () => {
  it('is a tenth of the viewport, capped at a 540 design width', () => {
    expect(remBase(390)).toBe(39);
    expect(remBase(540)).toBe(54);
    expect(remBase(900)).toBe(54);
  });

  it('is set on a mobile device, follows a resize once it settles 300 ms, and is removed on desktop', () => {
    resizeTo(390);
    const { rerender, unmount } = renderHook(({ mobile }) => useRemBase(mobile), { initialProps: { mobile: true } });
    expect(rootFontSize()).toBe('39px');
    resizeTo(420);
    act(() => vi.advanceTimersByTime(299));
    expect(rootFontSize()).toBe('39px');
    act(() => vi.advanceTimersByTime(1));
    expect(rootFontSize()).toBe('42px');
    rerender({ mobile: false });
    expect(rootFontSize()).toBe('');
    rerender({ mobile: true });
    expect(rootFontSize()).toBe('42px');
    unmount();
    expect(rootFontSize()).toBe('');
  });
});

describe('resize handling', () => {
  it('calls once after the window has stopped resizing for 300 ms, never after the unsubscription', () => {
    const handler = vi.fn();
    const unsubscribe = onResizeSettled(handler);
    for (let i = 0; i < 5; i++) {
      resizeTo(800 - i * 10);
      vi.advanceTimersByTime(200);
    }
    expect(handler).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(handler).toHaveBeenCalledTimes(1);
    resizeTo(700);
    unsubscribe();
    vi.advanceTimersByTime(300);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('tells a narrow window once the resize settles', () => {
    const { result } = renderHook(() => useNarrower(768));
    expect(result.current).toBe(false);
    resizeTo(390);
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(true);
  });
});
