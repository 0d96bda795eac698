import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p data-testid="hello">Hello {name}</p>;
}

const draw = (Screen: ReturnType<typeof preloadable<typeof Hello>>) =>
  render(
    <Suspense fallback={<p data-testid="fallback">Loading</p>}>
      <Screen name="Ada" />
    </Suspense>,
  );

describe('preloadable screens', () => {
  it('draws a preloaded screen at once, without its fallback', async () => {
    const Screen = preloadable(async () => ({ default: Hello }));
    await Screen.preload();
    draw(Screen);
    expect(screen.getByTestId('hello').textContent).toBe('Hello Ada');
    expect(screen.queryByTestId('fallback')).toBeNull();
  });

  it('loads a screen not loaded yet on first use, showing the fallback meanwhile, and loads it once', async () => {
    let loads = 0;
    let release: () => void = () => {};
    const Screen = preloadable(() => {
      loads += 1;
      return new Promise<{ default: typeof Hello }>((resolve) => {
        release = () => resolve({ default: Hello });
      });
    });
    draw(Screen);
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => release());
    expect((await screen.findByTestId('hello')).textContent).toBe('Hello Ada');
    await Screen.preload();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const Screen = preloadable(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { default: Hello };
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    draw(Screen);
    expect(screen.getByTestId('hello')).toBeTruthy();
    expect(loads).toBe(2);
  });
});
