import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

const dists = [];
afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true });
});

const text = (label) =>
  Array.from({ length: 40 }, (_, index) => `${label} ${index}: tutoring`).join('\n');

function fakeDist(files) {
  const dist = mkdtempSync(join(tmpdir(), 'portal-precompress-'));
  dists.push(dist);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), content);
  }
  return dist;
}

describe('precompress', () => {
  it('writes brotli and gzip beside every text file, each decompressing to the file', async () => {
    const files = {
      'index.html': `<!doctype html><main>${text('page')}</main>`,
      'pages.json': JSON.stringify({ lines: text('json').split('\n') }),
      'assets/index-Bjj0XIrB.js': `console.log(${JSON.stringify(text('js'))});`,
      'assets/index-Bjj0XIrB.css': text('.a{color:red}'),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${text('svg')} --></svg>`,
    };
    const dist = fakeDist(files);
    const results = await precompress(dist);
    expect(results.map((result) => result.file).sort()).toEqual(Object.keys(files).sort());
    for (const [file, content] of Object.entries(files)) {
      const path = join(dist, file);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString(), file).toBe(content);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString(), file).toBe(content);
      expect(readFileSync(`${path}.br`).length, file).toBeLessThan(content.length);
    }
  });

  it('leaves other files, dot folders and variants that would not be smaller alone', async () => {
    const dist = fakeDist({
      'logo.png': text('not text'),
      '.vite/manifest.json': JSON.stringify({ lines: text('manifest') }),
      'assets/tiny.js': 'a',
    });
    // A variant left from an earlier build of a file that no longer compresses goes away.
    writeFileSync(join(dist, 'assets/tiny.js.br'), 'stale');
    expect(await precompress(dist)).toEqual([
      { file: 'assets/tiny.js', identity: 1, br: null, gz: null },
    ]);
    for (const file of ['logo.png', '.vite/manifest.json', 'assets/tiny.js']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });

  it('does not compress its own variants again when run twice', async () => {
    const dist = fakeDist({ 'index.html': text('page') });
    await precompress(dist);
    const second = await precompress(dist);
    expect(second.map((result) => result.file)).toEqual(['index.html']);
    expect(existsSync(join(dist, 'index.html.br.br'))).toBe(false);
  });
});
