/**
 * Remix classic compiler (ADR 001). Built-in v2 flat routes under app/routes.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // remix-auth 4 and remix-auth-form 3 ship ESM only; bundling them keeps the server build self-contained.
  serverDependenciesToBundle: [/^remix-auth/, /^@mjackson\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
