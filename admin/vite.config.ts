// Builds the React-Admin shell into admin/dist, which the Fastify server serves at '/'.
// Hash routing (src/App.tsx); the server answers index.html for any page path (server/src/security-headers.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a .br (quality 11) and a .gz beside every text asset of the build: the server sends them as they are
 * (@fastify/static's preCompressed), so the strongest compression costs nothing per request. index.html is not
 * among them: the server writes a fresh nonce into it per response.
 */
function precompress(): Plugin {
  return {
    name: 'conjunto-precompress',
    apply: 'build',
    closeBundle() {
      const dist = join(root, 'dist');
      for (const file of readdirSync(dist, { recursive: true }) as string[]) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const path = join(dist, file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), precompress()],
  // A placeholder the server replaces with a fresh nonce per response of index.html (server/src/security-headers.ts):
  // Vite puts it on its <script>/<style>/<link> tags and in <meta property="csp-nonce">, which emotion reads (main.tsx).
  html: { cspNonce: 'CONJUNTO_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry is React, React Router and the MUI the public pages show (no react-admin: issue 11, budgets in
    // scripts/e2e/weight.e2e.ts); react-admin and the role areas, screens and plugins are chunks of their own.
    chunkSizeWarningLimit: 700,
    // No preload lists: each plugin chunk would carry the file names of every chunk its screens import (8 KB of the
    // dashboard's first load for four plugins). A screen's chunks then load as its imports are read.
    modulePreload: false,
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
