import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.TIJDVAK_API ?? 'http://localhost:3000';

/**
 * The small shared modules the consumer's first page uses, which the automatic chunking left as a dozen chunks of
 * 0.1-0.7 KB each: they go into one chunk (with React and the router, which they import). A browser gets 6
 * connections to an HTTP/1.1 origin, so each dozen of requests took two rounds; the page now loads 11 chunks
 * instead of 21 (docs/performance.md). A list, not a folder: a staff-only module added to components/ or lib/
 * stays out of what consumers download.
 */
const SHELL_MODULES =
  /client[\\/]src[\\/](components[\\/](BusyButton|FormField|Message|Spinner|guards)|lib[\\/](errors|jwt|save-file|storage|xsrf|useFocusAfterNavigation)|i18n[\\/](format|locale))\.tsx?$|shared[\\/](locale|personal-link|text)\.ts$/;

/**
 * React's DOM renderer and its scheduler, which the entry renders with: the API explorer's editor imports them too,
 * and a module an entry shares with a lazy chunk went to a chunk of its own. With React in the shell, the consumer's
 * first page loads as many chunks as before the explorer.
 */
const REACT_RENDERER = /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/;

/**
 * Parts ECharts registers when it loads that no screen can use: its dark theme (the charts are drawn in the light
 * one) and its Chinese texts (chosen only for a page in Chinese; every label and tooltip here is our own text).
 * They are built as empty objects, which the library registers as before: about 1 KB less for the statistics screen.
 */
const UNUSED_ECHARTS_PARTS = /node_modules[\\/]echarts[\\/]lib[\\/](theme[\\/]dark|i18n[\\/]langZH)\.js$/;

function leaveOutUnusedEChartsParts(): Plugin {
  return {
    name: 'leave-out-unused-echarts-parts',
    load: (id) => (UNUSED_ECHARTS_PARTS.test(id) ? 'export default {};' : null),
  };
}

/** The client is built into dist/client, which the server serves; `npm run dev` proxies API calls. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), leaveOutUnusedEChartsParts()],
  resolve: {
    // One tslib for the whole client: ECharts and ZRender each bring their own copy of the same helpers.
    dedupe: ['tslib'],
    // echarts-for-react's resize watcher without its fallback for browsers that lack ResizeObserver.
    alias: { 'size-sensor': join(import.meta.dirname, 'src/admin/statistics/size-sensor.ts') },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Written for debugging and the benchmarks, but not named in the bundles; the server does not serve
    // them in production.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'shell', test: (id) => SHELL_MODULES.test(id) || REACT_RENDERER.test(id) }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': api,
      '/api': api,
      '/api-docs': api,
    },
  },
});
