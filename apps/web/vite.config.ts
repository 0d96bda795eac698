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
          // Everything the entry imports statically (the shell: React, the router, i18next, antd's core and
          // the components the shell draws) in one chunk: it is loaded on every first visit anyway, and as
          // one file it compresses better and costs one request instead of a dozen small ones.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
