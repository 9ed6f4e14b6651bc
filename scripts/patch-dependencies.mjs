// Run by `npm install` / `npm ci` (postinstall). Patches installed dependencies where measurement
// showed a cost we cannot avoid from outside them (ADR 026). Each patch names the exact version it was
// written for, finds its anchors exactly once or changes nothing, and is idempotent. It never fails
// an install: a dependency that moved on only loses the speed-up, and `scripts/patch-dependencies.test.ts`
// fails the test suite so that the patch is looked at again. Plain Node (it runs under whatever Node
// npm was started with).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MARKER = 'sahakorn-patch: memoised route matching (ADR 026)';

/**
 * `@remix-run/router` flattens and ranks the whole route table, and compiles a regular expression for
 * every candidate path, on every match: three times per document request on the server. Both depend
 * only on the route objects and the path, which do not change on the server once the build is loaded
 * (lazy route discovery is off, ADR 023), so they are kept: the ranked branches per route array (a
 * WeakMap: arrays built per request are collected with it) and the compiled paths by path in a bounded Map (a slot per case sensitivity and end).
 * Only the CommonJS build is patched: the server's. The browser's bundle is untouched.
 */
export const ROUTER_PATCH = {
  name: '@remix-run/router',
  version: '1.23.3',
  file: 'dist/router.cjs.js',
  edits: [
    {
      find: '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n',
      replace:
        `  // ${MARKER}\n` +
        '  let branches = sahakornBranches.get(routes);\n' +
        '  if (!branches) {\n' +
        '    branches = flattenRoutes(routes);\n' +
        '    rankRouteBranches(branches);\n' +
        '    sahakornBranches.set(routes, branches);\n' +
        '  }\n',
    },
    {
      find: 'function compilePath(path, caseSensitive, end) {\n',
      replace:
        `// ${MARKER}\n` +
        'const sahakornBranches = new WeakMap();\n' +
        'const sahakornCompiled = new Map();\n' +
        'function compilePath(path, caseSensitive, end) {\n' +
        '  let slots = sahakornCompiled.get(path);\n' +
        '  if (!slots) {\n' +
        '    slots = [];\n' +
        '    if (sahakornCompiled.size < 5000) sahakornCompiled.set(path, slots);\n' +
        '  }\n' +
        '  // As compilePathUncached reads them: case sensitivity by truth, end true unless given and falsy.\n' +
        '  const slot = (caseSensitive ? 2 : 0) + (end === void 0 || end ? 1 : 0);\n' +
        '  return slots[slot] || (slots[slot] = compilePathUncached(path, caseSensitive, end));\n' +
        '}\n' +
        'function compilePathUncached(path, caseSensitive, end) {\n',
    },
  ],
};

/** Applies `patch` to the installed package under `root`; says what happened in one line. */
export function applyPatch(patch, root = ROOT) {
  const dir = path.join(root, 'node_modules', patch.name);
  let version;
  try {
    version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return { ok: false, message: `${patch.name} is not installed: not patched` };
  }
  if (version !== patch.version) {
    return { ok: false, message: `${patch.name} is ${version}, the patch is for ${patch.version}: not patched` };
  }
  const file = path.join(dir, patch.file);
  let text = fs.readFileSync(file, 'utf8');
  if (text.includes(MARKER)) return { ok: true, message: `${patch.name} ${version}: already patched` };
  for (const edit of patch.edits) {
    const at = text.indexOf(edit.find);
    if (at === -1 || text.indexOf(edit.find, at + 1) !== -1) {
      return { ok: false, message: `${patch.name} ${version}: an anchor is missing or repeated: not patched` };
    }
    text = text.slice(0, at) + edit.replace + text.slice(at + edit.find.length);
  }
  fs.writeFileSync(file, text);
  return { ok: true, message: `${patch.name} ${version}: patched` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = applyPatch(ROUTER_PATCH);
  (result.ok ? console.log : console.warn)(`patch-dependencies: ${result.message}`);
}
