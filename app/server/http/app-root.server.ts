import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder that holds `server.js`, `build/`, `public/` and `node_modules/`. the server names it
 * (`setAppRoot`, from its own location) before it serves anything, so the server reads its inline
 * stylesheet and scripts from the right place whatever the working directory. Until then — unit
 * tests, the CLI — it is the working directory, which is the project folder there.
 */
let root = process.cwd();

export function setAppRoot(dir: string): void {
  root = path.resolve(dir);
  versions.clear();
  manifest = undefined;
}

/** A path inside the app's folder. */
export const appPath = (...parts: string[]): string => path.join(root, ...parts);

const versions = new Map<string, string | null>();

/**
 * First 12 hex digits of a file's SHA-256, read once per file: the `?v=` of a script's URL, which
 * the server marks immutable. Null when the file is missing (the URL then has no version).
 */
export function fileVersion(file: string): string | null {
  let version = versions.get(file);
  if (version === undefined) {
    try {
      version = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 12);
    } catch {
      version = null;
    }
    versions.set(file, version);
  }
  return version;
}

/** The bundles of app/client/ by name (scripts/build-client.mjs, ADR 103). */
export type ClientScript = 'enhance' | 'member' | 'push' | 'staff';

/** The manifest the client build writes beside its bundles (a dot file: express.static never serves it). */
export const CLIENT_MANIFEST = ['public', 'build', 'client', '.manifest.json'] as const;

let manifest: Partial<Record<ClientScript, string>> | undefined;

/**
 * A bundle's URL, `/build/client/<name>-<content hash>.js`, from the manifest read once (the server
 * serves /build/ immutable for a year). Without a client build (`remix build` alone) the URL names no
 * file: the pages work without their script, as they do with scripts off.
 */
export function clientScriptSrc(name: ClientScript): string {
  if (!manifest) {
    try {
      manifest = JSON.parse(fs.readFileSync(appPath(...CLIENT_MANIFEST), 'utf8')) as Partial<
        Record<ClientScript, string>
      >;
    } catch {
      manifest = {};
    }
  }
  const src = manifest[name];
  return typeof src === 'string' && src.startsWith('/build/client/') ? src : `/build/client/${name}.js`;
}
