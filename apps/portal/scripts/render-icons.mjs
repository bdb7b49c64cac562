// Writes the web app manifest's icons (public/icons/, committed) from the organisation's logo
// (src/features/onboarding/layout/organisationLogo.svg): run it again after changing the logo.
// Each icon is the logo drawn by headless Chromium at the icon's size: 'any' icons as the logo
// is (its rounded square, transparent corners), the maskable one on a full square of the brand
// colour with the mark inside the central 80 % a launcher's mask always keeps.
//   node scripts/render-icons.mjs [path to chromium, default /usr/bin/chromium]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colorTokens } from '../../../packages/ui/src/theme/tokens.ts';
import { portalRoot } from './public-chunks.mjs';

const chromium = process.argv[2] ?? '/usr/bin/chromium';
const logo = readFileSync(
  join(portalRoot, 'src/features/onboarding/layout/organisationLogo.svg'),
  'utf8',
);
const mark = /<path[^>]*\/>/.exec(logo)?.[0];
if (!mark) throw new Error('The logo has no <path> mark to draw on the maskable icon.');

// The mark spans x 9..31, y 12..31 of the logo's 40-unit box; the maskable icon shrinks the box
// to 70 % around its centre, inside the 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${colorTokens.brand}"/><g transform="translate(6 6) scale(0.7)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const work = mkdtempSync(join(tmpdir(), 'portal-icons-'));
try {
  for (const { file, size, svg } of icons) {
    const page = join(work, `${size}.html`);
    const sized = svg
      .replace(/<svg /, `<svg width="${size}" height="${size}" `)
      .replace(/ width="40" height="40"(?= viewBox)/, '');
    writeFileSync(
      page,
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    execFileSync(chromium, [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--default-background-color=00000000',
      `--window-size=${size},${size}`,
      `--screenshot=${join(portalRoot, 'public/icons', file)}`,
      `file://${page}`,
    ]);
    console.log(`public/icons/${file}: ${size}×${size}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
