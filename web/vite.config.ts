import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';

import { appRoutes } from './build-plugins/app-routes.ts';
import { precompress } from './build-plugins/precompress.ts';
import { pureIcons } from './build-plugins/pure-icons.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  // The plugins resolve their `vite` types from the repo root (vite 8, pulled in by vitest 4)
  // while this package builds with its own vite 7; they work with both, the types just differ.
  plugins: [
    // Must come before the React plugin: it generates src/route-tree.gen.ts (gitignored) on
    // every build and dev start, and splits each route's component into its own chunk. Its
    // settings live in tsr.config.json, shared with scripts/generate-route-tree.mjs.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    pureIcons(),
    appRoutes('src/routes'),
    precompress(),
    // `npm run build -- --report`: a treemap of what each chunk carries, gzip sizes included.
    process.env.WEB_BUILD_REPORT
      ? visualizer({
          filename: process.env.WEB_BUILD_REPORT,
          template: process.env.WEB_BUILD_REPORT.endsWith('.yml') ? 'list' : 'treemap',
          gzipSize: true,
        })
      : undefined,
  ] as unknown as PluginOption[],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each page loads first (`npm run bench -- web`).
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
    // Terser's output gzips 3.4 kB smaller than esbuild's on the first load of `/` (124.9 against
    // 128.3 kB), which keeps `/story/{id}` under its 130 kB budget; the build takes about 3 s more (9.6 against 6.1 s here).
    minify: 'terser',
    // A second compress pass: a little less to download on every page's first load.
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // Icons and one-line helpers otherwise become chunks of a few hundred bytes: too small to
        // compress (precompress.ts skips a copy that is not smaller) and a request each.
        experimentalMinChunkSize: 2_000,
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
