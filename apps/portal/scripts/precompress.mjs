// The build's last step (`pnpm --filter @tutoring/portal build` and scripts/stack.mjs run it after
// scripts/prerender.mjs, so that the prerendered HTML pages are compressed too): writes
// `<file>.br` and `<file>.gz` beside every text file of dist, at the highest quality (the build
// pays the time once; no request does). The server's @fastify/static sends the variant the
// request's Accept-Encoding asks for, with Content-Encoding and Vary (apps/server/src/http).
//
// Every such file, whatever its size: unlike the server's on-the-fly compression of API JSON (only
// over 1 KB, where the bytes saved are worth a request's CPU), this costs no request anything, and
// a small page or chunk is still read in fewer bytes. A variant that is not smaller than its file
// (a few bytes of JS) is not written; the server answers with the plain file when no variant
// exists. Dot folders (.vite/manifest.json) are not served and not compressed.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { distDir } from './public-chunks.mjs';

export const compressedExtensions = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.webmanifest',
  '.xml',
];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const variants = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  {
    extension: '.gz',
    compress: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  },
];

function textFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return compressedExtensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

/** Writes the variants; returns each file with its sizes (identity, br, gz; null: not written). */
export async function precompress(dist = distDir()) {
  return Promise.all(
    textFiles(dist).map(async (file) => {
      const data = readFileSync(file);
      const sizes = { file: relative(dist, file), identity: data.length };
      for (const { extension, compress } of variants) {
        const target = `${file}${extension}`;
        const compressed = await compress(data);
        if (compressed.length < data.length) {
          writeFileSync(target, compressed);
          sizes[extension.slice(1)] = compressed.length;
        } else {
          // A variant left from an earlier build would answer for a file that has changed.
          rmSync(target, { force: true });
          sizes[extension.slice(1)] = null;
        }
      }
      return sizes;
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await precompress();
  const written = results.filter((result) => result.br !== null || result.gz !== null);
  const total = (key) => written.reduce((sum, result) => sum + (result[key] ?? result.identity), 0);
  console.log(
    `Precompressed ${written.length} of ${results.length} text files (br and gzip beside each): ${total('identity')} bytes → ${total('gz')} gzip, ${total('br')} br.`,
  );
}
