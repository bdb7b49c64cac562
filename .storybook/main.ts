import type { StorybookConfig } from '@storybook/react-vite';

/**
 * One Storybook for the component library and the portal's pages. The story tests
 * (`pnpm test-storybook`: @storybook/addon-vitest, .storybook/vitest.config.ts) test every story
 * it indexes.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    './docs/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../apps/portal/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  // The MSW service worker (mockServiceWorker.js) is served from the root.
  staticDirs: ['./public'],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  typescript: {
    reactDocgen: 'react-docgen',
  },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { default: react } = await import('@vitejs/plugin-react');
    const { vanillaExtractPlugin } = await import('@vanilla-extract/vite-plugin');
    return mergeConfig(viteConfig, {
      plugins: [react(), vanillaExtractPlugin()],
      // Storybook is a workbench: the portal's own build budget does not apply to it.
      build: { chunkSizeWarningLimit: 4096 },
    });
  },
};

export default config;
