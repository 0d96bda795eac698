import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../AppProviders';
import { createRoutes } from '../router/routes';
import { setNavigator } from '../utils/navigation';

/**
 * Renders the whole app (providers, guard, shell, screens) at `path` in a memory router; into `container` when
 * given (the app taking over what is there, as main.tsx does with #root), with `beside` after the router inside
 * the providers when given (a part whose effects play something happening while the app starts).
 */
export function renderApp(path: string, { container, beside }: { container?: HTMLElement; beside?: ReactNode } = {}) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, options));
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
      {beside}
    </AppProviders>,
    { container },
  );
  return { router, ...result };
}

/** Renders a piece of UI inside the app providers. */
export function renderWithProviders(ui: ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

export function pathOf(router: ReturnType<typeof renderApp>['router']): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
