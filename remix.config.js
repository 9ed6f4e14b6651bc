/**
 * Remix classic compiler (ADR 001). Built-in v2 flat routes under app/routes.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // The server is compiled with the app into build/index.js (ADR 107): it imports the app's modules
  // as the app does, one copy of each. `node server.js` starts it.
  server: './server/index.ts',
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
