import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogueParts } from './catalogue-parts';
import { contractRoutes } from './contract-routes';

// The dev server proxies the API to the server (npm run dev in apps/server listens on 8080).
export default defineConfig({
  plugins: [react(), catalogueParts(), contractRoutes()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Big chunks where the automatic split makes dozens of small ones (each compressed alone, each a
          // request): everything the entry imports statically (the shell: React, the router, i18next, antd's
          // core), then the sign-in page with what it imports beyond the shell, then the signed-in layout
          // with the same. Each is loaded whole on every visit that needs it anyway. Ahead of those two, which
          // would otherwise take them along (and every public page would load the sign-in page and the back
          // office): the public site's frame with what it shares with them (the language switch, tooltips,
          // popovers), and the API calls with react-query's hooks (the public pages that fetch, and the layout).
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 4 },
            { name: 'site', test: /src[\\/]pages[\\/]public[\\/]PublicShell\.tsx$/, priority: 3 },
            {
              name: 'query',
              test: /src[\\/]api[\\/]call\.ts$|node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
              priority: 3,
            },
            { name: 'sign-in', test: /src[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/, priority: 2 },
            { name: 'layout', test: /src[\\/]layout[\\/]AppLayout\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
