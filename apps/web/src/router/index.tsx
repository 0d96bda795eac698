import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../utils/navigation';
import { createRoutes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}
