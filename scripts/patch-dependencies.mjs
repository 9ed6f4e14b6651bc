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
/** Marks every line a patch adds. Files patched by an earlier form of the patches carry `PATCH_TAG` too. */
export const MARKER = 'sahakorn-patch (ADR 026)';
const PATCH_TAG = 'sahakorn-patch';

/**
 * `@remix-run/router` flattens and ranks the whole route table, and compiles a regular expression for
 * every candidate path, on every match: three times per document request on the server. Both depend
 * only on the route objects and the path, which do not change on the server once the build is loaded
 * (lazy route discovery is off, ADR 023), so they are kept: the ranked branches per route array (a
 * WeakMap: arrays built per request are collected with it) and the compiled paths by path in a
 * bounded Map (a slot per case sensitivity and end). The matches found for a pathname are kept too,
 * per branch list (at most 1,000 pathnames each), and every call gets fresh copies, so a caller that
 * changes its matches or their params changes no other.
 *
 * A loader's answer goes through `json()` into a Response, which the router read back through a
 * stream to parse it for the render: `json()` now remembers the text it wrote, and the router parses
 * that text (the same data; a response made otherwise is read as before). The Response's body is a
 * stream that encodes the text when it is first read: a string body cost three times as much to make,
 * and a document request never reads it.
 *
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
      find: '  let matches = null;\n  let decoded = decodePath(pathname);\n',
      replace:
        `  // ${MARKER}: the answer for a pathname is kept per branch list; each call gets its own copy.\n` +
        '  let sahakornKey = (allowPartial ? "1" : "0") + pathname;\n' +
        '  let sahakornSeen = sahakornMatches.get(branches);\n' +
        '  if (!sahakornSeen) {\n' +
        '    sahakornSeen = new Map();\n' +
        '    sahakornMatches.set(branches, sahakornSeen);\n' +
        '  }\n' +
        '  if (sahakornSeen.has(sahakornKey)) return sahakornCopy(sahakornSeen.get(sahakornKey));\n' +
        '  let matches = null;\n' +
        '  let decoded = decodePath(pathname);\n',
    },
    {
      find: '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n',
      replace:
        '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n' +
        '  }\n' +
        `  // ${MARKER}: at most 1,000 pathnames per branch list are kept.\n` +
        '  if (sahakornSeen.size >= 1000) sahakornSeen.clear();\n' +
        '  sahakornSeen.set(sahakornKey, sahakornCopy(matches));\n' +
        '  return matches;\n' +
        '}\n' +
        '// As matchRouteBranch makes them: fresh objects, one params object shared by the matches of a branch.\n' +
        'function sahakornCopy(matches) {\n' +
        '  if (matches == null) return null;\n' +
        '  let params = Object.assign({}, matches[matches.length - 1].params);\n' +
        '  return matches.map(m => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: m.route }));\n' +
        '}\n',
    },
    {
      find: '  return new Response(JSON.stringify(data), _extends({}, responseInit, {\n    headers\n  }));\n};\nclass DataWithResponseInit {\n',
      replace:
        `  // ${MARKER}: the text is remembered, so a loader's answer is parsed from it, not read back; the\n` +
        '  // body encodes it only if it is read (a data request, a resource route), which a document never does.\n' +
        '  let text = JSON.stringify(data);\n' +
        '  let body = typeof text === "string" ? sahakornTextBody(text) : text;\n' +
        '  let response = new Response(body, _extends({}, responseInit, {\n    headers\n  }));\n' +
        '  if (typeof text === "string") sahakornJsonText.set(response, text);\n' +
        '  return response;\n' +
        '};\n' +
        'class DataWithResponseInit {\n',
    },
    {
      find: '        if (result.body == null) {\n          data = null;\n        } else {\n          data = await result.json();\n        }\n',
      replace:
        `        // ${MARKER}: a body made by json() above is parsed from its text, as result.json() would.\n` +
        '        let text = sahakornJsonText.get(result);\n' +
        '        if (result.body == null) {\n' +
        '          data = null;\n' +
        '        } else if (text !== undefined && !result.bodyUsed) {\n' +
        '          data = JSON.parse(text);\n' +
        '        } else {\n' +
        '          data = await result.json();\n' +
        '        }\n',
    },
    {
      find: 'function compilePath(path, caseSensitive, end) {\n',
      replace:
        `// ${MARKER}\n` +
        'const sahakornBranches = new WeakMap();\n' +
        'const sahakornMatches = new WeakMap();\n' +
        'const sahakornJsonText = new WeakMap();\n' +
        'const sahakornEncoder = new TextEncoder();\n' +
        '// A body that encodes its text when first read (a string body is encoded and wrapped in a stream at once).\n' +
        'function sahakornTextBody(text) {\n' +
        '  return new ReadableStream({\n' +
        '    pull(controller) {\n' +
        '      controller.enqueue(sahakornEncoder.encode(text));\n' +
        '      controller.close();\n' +
        '    }\n' +
        '  }, { highWaterMark: 0 });\n' +
        '}\n' +
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

/**
 * Remix's `<RemixServer>` builds React Router route objects from the build's manifest on every render,
 * and React Router's static router converts them to data routes: two new arrays per document, so the
 * router's branch cache above could not hold them, and the table was flattened, ranked and converted
 * again on each request. Both depend only on the build (the manifest's routes and the route modules,
 * which the manifest's routes object stands for), so each is kept per its input, in a WeakMap.
 */
export const REMIX_SERVER_PATCH = {
  name: '@remix-run/react',
  version: '2.17.5',
  file: 'dist/server.js',
  edits: [
    {
      find: 'function RemixServer({\n',
      replace: `// ${MARKER}\nconst sahakornServerRoutes = new WeakMap();\nfunction RemixServer({\n`,
    },
    {
      find: '  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n',
      replace:
        `  // ${MARKER}: the routes depend on the build alone (the manifest's routes object stands for it).\n` +
        '  let routes$1 = sahakornServerRoutes.get(manifest.routes);\n' +
        '  if (!routes$1) {\n' +
        '    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n' +
        '    sahakornServerRoutes.set(manifest.routes, routes$1);\n' +
        '  }\n',
    },
  ],
};

export const STATIC_ROUTER_PATCH = {
  name: 'react-router-dom',
  version: '6.30.4',
  file: 'server.js',
  edits: [
    {
      find: 'function createStaticRouter(routes, context, opts = {}) {\n',
      replace: `// ${MARKER}\nconst sahakornDataRoutes = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {\n`,
    },
    {
      find:
        '  let manifest = {};\n' +
        '  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n',
      replace:
        `  // ${MARKER}: converted once per routes array; neither result is changed below.\n` +
        '  let converted = sahakornDataRoutes.get(routes);\n' +
        '  if (!converted) {\n' +
        '    let manifest = {};\n' +
        '    let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n' +
        '    converted = { manifest, dataRoutes };\n' +
        '    sahakornDataRoutes.set(routes, converted);\n' +
        '  }\n' +
        '  let { manifest, dataRoutes } = converted;\n',
    },
  ],
};

/**
 * Remix hands each loader a copy of the request with its `index` and `_data` search parameters taken
 * out: two new Requests per loader, three loaders on a member page. A GET without a query string has
 * nothing to take out, so its loaders get the request itself (the same URL, headers and signal the
 * copies would have). Any other request is copied as before.
 */
export const SERVER_RUNTIME_PATCH = {
  name: '@remix-run/server-runtime',
  version: '2.17.5',
  file: 'dist/data.js',
  edits: [
    {
      find:
        '  let result = await loader({\n' +
        '    request: singleFetch ? stripRoutesParam(stripIndexParam(request)) : stripDataParam(stripIndexParam(request)),\n',
      replace:
        `  // ${MARKER}: a request without a query string or a body has nothing to strip.\n` +
        '  let sahakornPlain = request.body === null && !request.url.includes("?");\n' +
        '  let result = await loader({\n' +
        '    request: sahakornPlain ? request : singleFetch ? stripRoutesParam(stripIndexParam(request)) : stripDataParam(stripIndexParam(request)),\n',
    },
  ],
};

/** Every patch, in the order `npm ci` applies them. */
export const PATCHES = [ROUTER_PATCH, REMIX_SERVER_PATCH, STATIC_ROUTER_PATCH, SERVER_RUNTIME_PATCH];

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
  if (patch.edits.every((edit) => text.includes(edit.replace))) {
    return { ok: true, message: `${patch.name} ${version}: already patched` };
  }
  if (text.includes(PATCH_TAG)) {
    return {
      ok: false,
      message: `${patch.name} ${version} carries an earlier form of the patch: reinstall it (npm ci) to patch it again`,
    };
  }
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
  for (const patch of PATCHES) {
    const result = applyPatch(patch);
    (result.ok ? console.log : console.warn)(`patch-dependencies: ${result.message}`);
  }
}
