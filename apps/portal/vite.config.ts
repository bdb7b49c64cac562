import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    // scripts/public-chunks.mjs reads the manifest to find what the landing route downloads.
    manifest: true,
  },
});
