// The web app manifest (issue 39.3: installable), written by the build as manifest.webmanifest,
// and the links to it in the app's shell, which every prerendered page is made from
// (scripts/prerender.mjs). Names from the organisation's build variables
// (src/config/installedApp.ts), colours from the theme's tokens, icons from public/icons/ (drawn from the
// logo by scripts/render-icons.mjs). The service worker that makes the app work offline is written
// after the prerender step (scripts/service-worker.mjs), which precaches this file too.
import { colorTokens } from '@tutoring/ui/theme/tokens';
import type { Plugin } from 'vite';
import { type InstalledAppEnv, installedAppNames } from '../src/config/installedApp.ts';

export const webAppManifestFile = 'manifest.webmanifest';

/** Paths of the icons in public/icons/, as the manifest lists them. */
export const manifestIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function webAppManifest(env: InstalledAppEnv) {
  const { name, shortName } = installedAppNames(env);
  return {
    // The app is the tutors' dashboard: it opens there, and that is its identity once installed.
    id: '/tutoring',
    name,
    short_name: shortName,
    description: `${name}: the tutors' dashboard, messenger and learning pathways.`,
    start_url: '/tutoring',
    scope: '/',
    display: 'standalone',
    theme_color: colorTokens.brand,
    background_color: colorTokens.surface,
    icons: manifestIcons,
  };
}

/** Emits manifest.webmanifest and links it (with the theme colour and the touch icon) in index.html. */
export function webAppManifestPlugin(): Plugin {
  let env: InstalledAppEnv = {};
  return {
    name: 'tutoring:web-app-manifest',
    configResolved(config) {
      env = config.env as InstalledAppEnv;
    },
    transformIndexHtml() {
      return [
        {
          tag: 'link',
          attrs: { rel: 'manifest', href: `/${webAppManifestFile}` },
          injectTo: 'head',
        },
        {
          tag: 'meta',
          attrs: { name: 'theme-color', content: colorTokens.brand },
          injectTo: 'head',
        },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: manifestIcons[0].src },
          injectTo: 'head',
        },
      ];
    },
    generateBundle() {
      // The prerender step's server build (scripts/prerender.mjs) loads this config too.
      if (this.environment?.config.consumer === 'server') return;
      this.emitFile({
        type: 'asset',
        fileName: webAppManifestFile,
        source: `${JSON.stringify(webAppManifest(env), null, 2)}\n`,
      });
    },
  };
}
