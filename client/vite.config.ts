import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.TIJDVAK_API ?? 'http://localhost:3000';

/** The client is built into dist/client, which the server serves; `npm run dev` proxies API calls. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
