import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

// No IMPERSONATION_SECRET: the feature is off.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-imp-off-'));
Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
delete process.env.IMPERSONATION_SECRET;

const route = await import('~/routes/member_.impersonate');

describe('/member/impersonate without IMPERSONATION_SECRET', () => {
  it('does not exist (404), whatever the link', async () => {
    const thrown: unknown = await route
      .loader({
        request: new Request('http://coop.test/member/impersonate?t=anything'),
        context: { clientAddress: '10.0.0.1', cspNonce: 'n' },
        params: {},
      })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
