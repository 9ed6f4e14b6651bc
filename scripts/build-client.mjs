// `npm run build` (after `remix build`, which empties public/build/): bundles the scripts of the pages
// that do not hydrate (ADR 103) — app/client/{enhance,member,push,staff}.ts — minified, into
// public/build/client/<name>-<content hash>.js, served immutable for a year under /build/ (server.js),
// and writes public/build/client/.manifest.json (a dot file, not served), `{ "<name>": "/build/client/<file>" }`, which the
// server reads once (app/server/http/enhance.server.ts). They import what they share with the server
// from app/lib (tsconfig paths); zod never comes into them (eslint forbids it in app/client/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

/** The entry modules, by the name the manifest gives them. */
export const CLIENT_ENTRIES = { enhance: 'enhance.ts', member: 'member.ts', push: 'push.ts', staff: 'staff.ts' };

/** Where the bundles and their manifest go, inside the app's folder, and their URL path. */
export const CLIENT_DIR = path.join('public', 'build', 'client');
export const CLIENT_URL = '/build/client/';
// A dot file: express.static does not serve it (the server reads it from disk; nobody else needs it).
export const MANIFEST = '.manifest.json';

/**
 * Builds the bundles of the app in `root` into `<out>/public/build/client/` (out is the app too,
 * but for tests) and writes the manifest there; returns the manifest.
 */
export async function buildClient(root = process.cwd(), out = root) {
  const outdir = path.join(out, CLIENT_DIR);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(CLIENT_ENTRIES).map(([name, file]) => [name, path.join('app', 'client', file)]),
    ),
    entryNames: '[name]-[hash]',
    outdir,
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    // The phones the cooperative's members use: no syntax past ES2017 reaches them.
    target: 'es2017',
    tsconfig: path.join(root, 'tsconfig.json'),
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const manifest = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = Object.keys(CLIENT_ENTRIES).find(
      (entry) => output.entryPoint === path.posix.join('app', 'client', CLIENT_ENTRIES[entry]),
    );
    if (name) manifest[name] = CLIENT_URL + path.basename(file);
  }
  const missing = Object.keys(CLIENT_ENTRIES).filter((name) => !manifest[name]);
  if (missing.length) throw new Error(`build-client: no bundle for ${missing.join(', ')}`);
  fs.writeFileSync(path.join(outdir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const manifest = await buildClient(root);
  for (const url of Object.values(manifest)) {
    const size = fs.statSync(path.join(root, 'public', url)).size;
    console.log(`  ${url}  ${(size / 1024).toFixed(1)} KiB`);
  }
}
