import { type ComponentProps, type ComponentType, lazy, useState } from 'react';

/**
 * A screen loaded on demand, like React's `lazy`, that can be loaded ahead (`preload`). Once its code is
 * loaded it renders at once: no Suspense fallback, and so none of the wait React holds a boundary's content
 * back after its fallback was shown (about 300 ms). The sign-in page, where most first visits land, is
 * loaded before the first render this way. A mount keeps the way it started with, so that the code arriving
 * while the screen is shown never mounts it again.
 */
/** A screen of the route table: drawn without props, loadable ahead. */
export type PreloadableScreen = ComponentType & { preload: () => Promise<unknown> };

// biome-ignore lint/suspicious/noExplicitAny: any component, as React's own lazy takes
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // another visit may try again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React's lazy is
  function Screen(props: ComponentProps<T>) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}
