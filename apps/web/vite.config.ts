import { FIRST_CALLS_SCRIPT } from '@parcelport/shared';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './catalogue-parts';
import { contractRoutes } from './contract-routes';

/**
 * The first API calls of a signed-in visit, started by index.html itself before the app's script
 * (packages/shared first-calls.ts): inline in the head ahead of the app's script and stylesheet (an inline
 * script after a stylesheet link waits for the stylesheet), as the very characters the server's
 * Content-Security-Policy allows by their hash.
 */
function firstCalls(): Plugin {
  return {
    name: 'first-calls',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script');
        return `${html.slice(0, at)}<script>${FIRST_CALLS_SCRIPT}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

// The dev server proxies the API to the server (npm run dev in apps/server listens on 8080).
export default defineConfig({
  plugins: [react(), catalogueParts(), contractRoutes(), firstCalls()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // A feature's face (features/<name>/index.ts) only re-exports its parts (src/house-plan.test.ts): said to
      // have no side effects, an import through it links to the parts it names, and the face's other parts stay
      // out of the importer's chunks (else the order list would load the returns' card with their dialog).
      treeshake: {
        moduleSideEffects: [{ test: /src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Big chunks where the automatic split makes dozens of small ones (each compressed alone, each a
          // request): everything the entry imports statically (the shell: React, the router, i18next, antd's
          // core), then the sign-in page with what it imports beyond the shell, then the signed-in layout
          // with the same. Each is loaded whole on every visit that needs it anyway. Ahead of those two, which
          // would otherwise take them along (and every public page would load the sign-in page and the back
          // office): the public site's frame with what it shares with them (the language switch, tooltips,
          // popovers), the API calls with react-query's hooks (the public pages that fetch, and the layout),
          // antd's form fields with the empty state of lists and selects and the user icon (the help centre's
          // search box and the contact form use them as the sign-in page and the back office do), and what antd's
          // Select shares with the layout's menus (motions, overflow, the arrow icon): a public page with a
          // form loads neither the sign-in page nor the layout, and a signed-in page not the sign-in page.
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 4 },
            { name: 'site', test: /src[\\/]features[\\/]site[\\/]PublicShell\.tsx$/, priority: 3 },
            {
              name: 'fields',
              test: /node_modules[\\/](antd[\\/]es[\\/](form|input|checkbox|grid|empty)[\\/]|@rc-component[\\/](form|input|checkbox|textarea)[\\/]|@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]UserOutlined\.js)/,
              priority: 3,
            },
            {
              name: 'common',
              test: /node_modules[\\/](antd[\\/]es[\\/](style[\\/]motion|_util[\\/]PurePanel)|@rc-component[\\/]overflow|@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]DownOutlined\.js)/,
              priority: 3,
            },
            {
              name: 'query',
              test: /src[\\/]api[\\/]call\.ts$|node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
              priority: 3,
            },
            // zod, which the contact form's rules share with the back office's forms.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'sign-in', test: /src[\\/]features[\\/]sign-in[\\/]LoginPage\.tsx$/, priority: 2 },
            { name: 'layout', test: /src[\\/]layout[\\/]AppLayout\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
