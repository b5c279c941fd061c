// Builds the React-Admin shell into admin/dist, which the Fastify server serves at '/'.
// Hash routing (src/App.tsx); the server answers index.html for any page path (server/src/security-headers.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  // A placeholder the server replaces with a fresh nonce per response of index.html (server/src/security-headers.ts):
  // Vite puts it on its <script>/<style>/<link> tags and in <meta property="csp-nonce">, which emotion reads (main.tsx).
  html: { cspNonce: 'CONJUNTO_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry is React + MUI + react-admin's core, which every page needs (~200 KB gzipped); role areas,
    // screens and plugins are chunks of their own.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // @conjunto/core is declared side-effect free; typebox is too, so the server's schemas that the
      // admin does not use never reach the bundle.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
