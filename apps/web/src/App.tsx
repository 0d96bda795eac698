import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './AppProviders';
import { onSessionEnd } from './api/request';
import { appRouter } from './router';

const queryClient = createQueryClient();
// A new session must never see the cached answers of the one that ended.
onSessionEnd(() => queryClient.clear());

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={appRouter()} />
    </AppProviders>
  );
}
