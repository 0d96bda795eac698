/**
 * After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/, at the
 * highest levels, once, so that the server sends them as they are (@fastify/static `preCompressed`) instead
 * of compressing the same bytes on every request. A copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((name) => COMPRESSIBLE.test(name));
let written = 0;
await Promise.all(
  files.map(async (name) => {
    const file = path.join(DIST, name);
    const bytes = readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (copy.length >= bytes.length) continue;
      writeFileSync(file + suffix, copy);
      written += 1;
    }
  }),
);
console.log(`precompressed ${files.length} files of dist/ (${written} .br and .gz copies)`);
