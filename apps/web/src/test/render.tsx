import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../App';
import { createRoutes } from '../router/routes';
import { setNavigator } from '../utils/navigation';

/** Renders the whole app (providers, guard, shell, screens) at `path` in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, options));
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
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
