// Starts the server built from server/index.ts with the app (ADR 107): `node server.js`.
// Two things must happen before any of the build is loaded: NODE_ENV (React and Remix choose their
// production code when they load) and a check that this is Node 24, for which the native modules
// (SQLite, argon2, sharp) are installed — started by another Node they would crash.
process.env.NODE_ENV ??= 'production';

if (process.versions.node.split('.')[0] !== '24') {
  console.error(
    `Sahakorn runs on Node 24, not ${process.version}: start it with \`npm start\` or \`npm run serve\` ` +
      '(npm uses the Node 24 that `npm ci` installs).',
  );
  process.exit(1);
}

await import('./build/index.js');
