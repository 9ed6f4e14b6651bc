// The staff back office's data path (ADR 127): every staff route reads and writes through the staff
// store (`app/server/staff/store.server.ts`), never the database itself, and never decides the http-mode
// answer on its own (`store.coop === null` is that decision). A staff route that imports the app's
// services, the database layer or Kysely, or asks `staffHoldsOnlyOwnData()`, fails here.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const ROUTES = 'app/routes';

/** What a staff route must not do, each with how it is seen in the source. */
const FORBIDDEN: Array<{ what: string; pattern: RegExp }> = [
  { what: "imports '~/server/app.server'", pattern: /from\s+['"](~|\.\.?)\/(server\/)?app\.server['"]/ },
  { what: "imports '~/server/db/…'", pattern: /from\s+['"](~\/server|(\.\.\/)+server)\/db\// },
  { what: "imports 'kysely'", pattern: /from\s+['"]kysely(\/[^'"]*)?['"]/ },
  { what: 'calls staffHoldsOnlyOwnData()', pattern: /\bstaffHoldsOnlyOwnData\b/ },
];

const staffRoutes = fs
  .readdirSync(ROUTES)
  .filter((file) => /^staff_?\./.test(file))
  .sort();

/** The forbidden things a route's source does. */
function breaches(source: string): string[] {
  return FORBIDDEN.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
}

describe('staff routes reach data only through the staff store (ADR 127)', () => {
  it('finds the staff routes', () => {
    expect(staffRoutes.length).toBeGreaterThan(25);
  });

  for (const file of staffRoutes) {
    it(`${file} uses staffStore(), not the database or its own http-mode rule`, () => {
      const source = fs.readFileSync(path.join(ROUTES, file), 'utf8');
      expect(breaches(source)).toEqual([]);
    });
  }

  it('sees each forbidden thing (the check is not blind)', () => {
    expect(breaches("import { app } from '~/server/app.server';")).toEqual(["imports '~/server/app.server'"]);
    expect(breaches("import type { Db } from '~/server/db/index.server';")).toEqual(["imports '~/server/db/…'"]);
    expect(breaches("import { sql } from 'kysely';")).toEqual(["imports 'kysely'"]);
    expect(breaches('if (staffHoldsOnlyOwnData()) throw notFound();')).toEqual(['calls staffHoldsOnlyOwnData()']);
    expect(breaches("import { staffStore } from '~/server/staff/store.server';")).toEqual([]);
  });
});
