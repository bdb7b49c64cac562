import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from './scripts/buildVersion.ts';
import { firstVisitChunks } from './scripts/firstVisitChunks.ts';
import { webAppManifestPlugin } from './scripts/webAppManifest.ts';

const entries = {
  index: 'index.html',
  staticPage: 'src/staticPage.ts',
  logoutSessionCheck: 'src/app/logoutSessionCheck.ts',
};

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    webAppManifestPlugin(),
    // Few files before a signed-in area's first screen (scripts/firstVisitChunks.ts).
    firstVisitChunks(import.meta.filename),
  ],
  // The saved answers' buster (src/app/productionQueryClient.ts): a new release drops what an
  // older one kept on the device.
  define: { 'import.meta.env.PORTAL_BUILD_VERSION': JSON.stringify(buildVersion()) },
  server: {
    host: '127.0.0.1',
    // `pnpm dev` (scripts/dev.mjs): the API from the server in watch mode, on the portal's origin.
    proxy: process.env.PORTAL_DEV_API_ORIGIN
      ? { '/api': { target: process.env.PORTAL_DEV_API_ORIGIN, xfwd: true } }
      : undefined,
  },
  preview: { host: '127.0.0.1' },
  build: {
    // No <link rel=modulepreload> per dependency of a dynamic import: the pages' HTML already
    // preloads what a visit starts with (scripts/prerender.mjs: each page's, each signed-in area's
    // first screen), and inserting some fifty links cost a return visit about 90 ms of a phone's
    // main thread at its start, for files its service worker answers at once (issue 39, a CPU
    // profile of `pnpm bench:web --only screens`). A dynamic import's CSS is still linked.
    modulePreload: false,
    // scripts/prerender.mjs reads the manifest for each page's CSS and JS; the budgets read it too
    // (scripts/public-chunks.mjs).
    manifest: true,
    rolldownOptions: {
      // The app (index.html, the shell of every route), the one script of the prerendered
      // pages that need no React (src/staticPage.ts), and /logout's head script.
      input: entries,
    },
  },
});
