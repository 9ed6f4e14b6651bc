// The member pages' store reads on SQLite, timed one by one: how long each backend call a member page
// makes takes on a demo store (1,000 members), warm, with new bindings on every run as in the server.
//
//   npx tsx bench/sqlite-feeds.ts
//
// Prints microseconds a call (median of rounds). Compare two builds by running it on each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createEmbeddedBackend } from '../app/server/coop/embedded.server';
import { migrate, openDb } from '../app/server/db/index.server';
import { DEMO_MEMBER, seedDemo } from '../app/server/seed/demo.server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RUNS = Number(process.env.BENCH_RUNS ?? 400);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-bench-sqlite-'));
const db = openDb({ dataDir });
try {
  await migrate(db);
  await seedDemo(db, { members: 1000 });
  const backend = createEmbeddedBackend(db);
  const login = await backend.login({ ...DEMO_MEMBER, remember: false });
  if (!login.ok) throw new Error('demo login failed');
  const member = { token: login.token, membershipNo: DEMO_MEMBER.membershipNo };
  const [loan] = await backend.getLoans(member);
  const [account] = await backend.getDepositAccounts(member);
  if (!loan || !account) throw new Error('the demo member has no loan or account');
  // Pages 1 and 2 alternate, so every run binds values other than the run before.
  const calls: Record<string, (i: number) => Promise<unknown>> = {
    'share statement page': (i) => backend.getShareStatement(member, { page: 1 + (i % 2), pageSize: 20 }),
    'loan statement page': (i) =>
      backend.getLoanStatement(member, loan.contractNo, { page: 1 + (i % 2), pageSize: 20 }),
    'deposit statement page': (i) =>
      backend.getDepositStatement(member, account.accountNo, { page: 1 + (i % 2), pageSize: 20 }),
    'capital history (24 months)': () => backend.getShareCapitalHistory(member, 24),
    'billing months page': (i) => backend.getCollectionPage(member, 'kep', { page: 1 + (i % 2), pageSize: 6 }),
    'member profile': () => backend.getMemberProfile(member),
    loans: () => backend.getLoans(member),
  };
  const times: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, call] of Object.entries(calls)) {
      for (let i = 0; i < 50; i += 1) await call(i);
      const started = process.hrtime.bigint();
      for (let i = 0; i < RUNS; i += 1) await call(i);
      (times[name] ??= []).push(Number(process.hrtime.bigint() - started) / 1000 / RUNS);
    }
  }
  for (const [name, list] of Object.entries(times)) {
    const sorted = list.sort((a, b) => a - b);
    console.log(`${name.padEnd(30)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1).padStart(7)} µs`);
  }
} finally {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
