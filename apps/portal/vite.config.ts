import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    // scripts/prerender.mjs reads the manifest for each page's CSS and JS; the budgets read it too
    // (scripts/public-chunks.mjs).
    manifest: true,
    rollupOptions: {
      // The app (index.html, the shell of every route) and the one script of the prerendered
      // pages that need no React (src/staticPage.ts).
      input: { index: 'index.html', staticPage: 'src/staticPage.ts' },
    },
  },
});
