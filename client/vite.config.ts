import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.TIJDVAK_API ?? 'http://localhost:3000';

/** The client is built into dist/client, which the server serves; `npm run dev` proxies API calls. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // One tslib for the whole client: ECharts and ZRender each bring their own copy of the same helpers.
    dedupe: ['tslib'],
    // echarts-for-react's resize watcher without its fallback for browsers that lack ResizeObserver.
    alias: { 'size-sensor': join(import.meta.dirname, 'src/admin/statistics/size-sensor.ts') },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
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
