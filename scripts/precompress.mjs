// Precompressed copies of the static files (ADR 106): for every text file under public/ of at least
// 1 KiB — the fingerprinted build in public/build/ and the other static files — a brotli copy at
// quality 11 (`.br`) and a gzip copy at level 9 (`.gz`) beside it. server.js sends the copy the
// browser accepts (express-static-gzip) and never compresses these files again; a copy whose file is
// gone is removed. Run by `npm run build` after `remix build`.
//   node scripts/precompress.mjs [folder]   (default: public)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Kinds of file worth compressing: text. Pictures, fonts and PDFs are compressed already. */
export const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;
const COPIES = ['.br', '.gz'];

/** Every file below `dir`, recursively. */
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes the copies of each text file in `dir` that lacks a current one, and removes copies whose file
 * is gone. Answers how many files were compressed and how many stale copies removed.
 */
export function precompress(dir) {
  let compressed = 0;
  let removed = 0;
  for (const file of walk(dir)) {
    const ext = path.extname(file);
    if (COPIES.includes(ext)) {
      if (!fs.existsSync(file.slice(0, -ext.length))) {
        fs.rmSync(file);
        removed += 1;
      }
      continue;
    }
    if (!TEXT_EXTENSIONS.has(ext)) continue;
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    const current = COPIES.every((copy) => {
      const copyStat = fs.statSync(file + copy, { throwIfNoEntry: false });
      return copyStat && copyStat.mtimeMs >= stat.mtimeMs;
    });
    if (current) continue;
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    compressed += 1;
  }
  return { compressed, removed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'public');
  const started = Date.now();
  const { compressed, removed } = precompress(dir);
  console.log(
    `precompress: ${compressed} file(s) compressed (brotli 11, gzip 9), ${removed} stale cop${removed === 1 ? 'y' : 'ies'} removed in ${Date.now() - started} ms`,
  );
}
