import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const SRC = new URL('./src', import.meta.url).pathname;
const DOMINIO = new URL('../../packages/domain/src', import.meta.url).pathname;

// '@tablero/domain' is TypeScript source reached through the workspace symlink; Vite transpiles it
// like our own files. In development the API runs apart, so '/api' and '/socket.io' are proxied to it.
export default defineConfig({
  plugins: [react()],
  // '@/…' is apps/web/src (same as "paths" in tsconfig.json).
  resolve: { alias: { '@': SRC } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Our modules do nothing when loaded but declare things (main.tsx and stylesheets aside). Saying so lets the
        // bundler leave out what a feature's front door re-exports for other features (its modals, hooks) from the
        // chunk that only reads the door's lazy `pantallas`: without it, every door's components would ride in the
        // entry chunk and the login page would download them (e2e/tests/carga-inicial.spec.ts keeps the budget). The
        // domain package only declares too: what one screen alone reads (the audit's field labels) stays in its chunk.
        moduleSideEffects: (id: string) =>
          (id.startsWith(SRC) && !id.endsWith('.css') && id !== `${SRC}/main.tsx`) || id.startsWith(DOMINIO) ? false : undefined,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      // Realtime (Socket.IO): WebSocket upgrades and long-polling go to the same server.
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
