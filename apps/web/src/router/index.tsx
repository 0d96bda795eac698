import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../utils/navigation';
import { createRoutes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}

let appRouterMade: ReturnType<typeof createAppRouter> | null = null;
/**
 * The app's one router, made on first use: by the first render, or earlier by main.tsx when a signed-in
 * visit asks for the user's details before it, so that a session found ended goes to the sign-in page in place.
 */
export function appRouter(): ReturnType<typeof createAppRouter> {
  appRouterMade ??= createAppRouter();
  return appRouterMade;
}
