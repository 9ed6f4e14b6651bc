import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data/**',
      'tests/.tmp/**',
      'test-results/**',
      'playwright-report/**',
      // bench/ab.mjs keeps copies of builds here.
      '.cache/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier",
          message: "Use `import * as z from 'zod'` (a named import pulls all of zod into a browser chunk).",
        },
        {
          selector: 'ImportDeclaration[source.value=/^date-fns(\\u002Flocale)?$/]',
          message:
            "Import date-fns by path ('date-fns/formatDistanceStrict', 'date-fns/locale/th'): its index modules load every function and locale, about 2 s at each server start and in each test file.",
        },
      ],
    },
  },
  {
    // The pages' scripts (ADR 103) are bundled for the browser: the DOM and app/lib only, never zod
    // (its full build would weigh more than every page's script together) or a server module.
    files: ['app/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'No zod in the browser bundles: the rules live in app/lib/forms/rules.ts.' }],
          patterns: [
            { group: ['~/server/**', '**/*.server', '**/*.server.ts'], message: 'Server modules stay on the server.' },
            { group: ['~/lib/thai-format'], message: 'thai-format brings date-fns: import the one helper module.' },
          ],
        },
      ],
    },
  },
  {
    // Regular expressions run over what visitors send: none may backtrack super-linearly (a ReDoS
    // freezes the one event loop that serves everyone).
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['tests/**', '**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The vendor API's endpoints are route handlers too, dispatched by one route (ADR 079).
    files: ['app/routes/**/*.{ts,tsx}', 'app/server/coop/vendor/endpoints{.server.ts,/**/*.ts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'Route modules never touch SQL: call the CoopBackend or a *.server module.' },
          ],
          patterns: [{ group: ['**/db/**', '~/server/db/*'], message: 'Route modules never touch SQL.' }],
        },
      ],
    },
  },
  {
    // The http backend speaks for the vendor's core, not for our store: what both share lives in neutral
    // modules (coop/messages.ts, coop/figures.ts), never in the embedded backend.
    files: ['app/server/coop/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../embedded*'], message: 'Shared texts and helpers live in a neutral coop module.' }] },
      ],
    },
  },
);
