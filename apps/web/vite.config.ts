import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// '@tablero/domain' is TypeScript source reached through the workspace symlink; Vite transpiles it
// like our own files. In development the API runs apart, so '/api' is proxied to it.
export default defineConfig({
  plugins: [react()],
  // '@/…' is apps/web/src (same as "paths" in tsconfig.json).
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
