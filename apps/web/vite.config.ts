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
          // with the same. Each is loaded whole on every visit that needs it anyway.
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 3 },
            { name: 'sign-in', test: /src[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/, priority: 2 },
            { name: 'layout', test: /src[\\/]layout[\\/]AppLayout\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
