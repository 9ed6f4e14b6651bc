// `npm run build:cli`: bundles the command-line tools into build/cli/<name>.js, plain JavaScript that
// runs on Node 24 without tsx — the production image has no devDependencies (ADR 016). Packages stay
// external (imported from node_modules at run time), so every one a CLI uses must be a production
// dependency. A new CLI `scripts/<name>.ts` is one more name in ENTRIES.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { build } from 'esbuild';

const ENTRIES = ['migrate', 'seed', 'impersonate', 'import', 'publish', 'staff'];

/** Every bare import (`kysely`, `node:fs`) stays an import; `~/…` (tsconfig paths) and relative ones are bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

const { values } = parseArgs({
  options: { outdir: { type: 'string', default: 'build/cli' }, metafile: { type: 'string' } },
});

const result = await build({
  entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, path.join('scripts', `${name}.ts`)])),
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [packagesExternal],
  metafile: true,
  logLevel: 'warning',
});
if (values.metafile) fs.writeFileSync(values.metafile, JSON.stringify(result.metafile));
for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  console.log(`${file} ${(bytes / 1024).toFixed(0)} KiB`);
}
