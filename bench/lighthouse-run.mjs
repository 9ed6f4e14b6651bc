// One Lighthouse run (mobile, simulated throttling, Debian's Chromium), shared by bench/lighthouse.mjs
// and bench/lighthouse-ab.mjs. Lighthouse is fetched with `npx -y` (LIGHTHOUSE_PACKAGE), not a
// dependency of the project: it is large and only needed here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ensureThaiFont } from '../scripts/thai-font.mjs';

export const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@13.5.0';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Timed without a Thai font, the first layout of every page is that of fallback boxes.
ensureThaiFont('Lighthouse');

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-lighthouse-'));
process.on('exit', () => fs.rmSync(reportDir, { recursive: true, force: true }));

/**
 * One run's scores (0–100) and timings (ms); a run that fails (Chromium under load) is retried once.
 * `headers` go with every request of the page (a member's session cookie); they are handed over in a
 * file, so that the cookie is not on a command line.
 */
export function lighthouse(url, headers = null, attempt = 1) {
  try {
    return lighthouseOnce(url, headers);
  } catch (error) {
    if (attempt > 1) throw error;
    console.error(`Lighthouse failed on ${url}, retrying once`);
    return lighthouse(url, headers, attempt + 1);
  }
}

function lighthouseOnce(url, headers) {
  const report = path.join(reportDir, 'report.json');
  const headersFile = path.join(reportDir, 'headers.json');
  if (headers) fs.writeFileSync(headersFile, JSON.stringify(headers), { mode: 0o600 });
  execFileSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--form-factor=mobile',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--output=json',
      `--output-path=${report}`,
      ...(headers ? [`--extra-headers=${headersFile}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const audit = (id) => result.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.categories[c]?.score ?? 0) * 100)])),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    losses: losses(result),
  };
}

/**
 * The audits that cost points: in a scored category, with weight, and not passed — plus the
 * render-blocking requests Lighthouse saw (they cost first paint without being scored alone).
 */
function losses(result) {
  const failing = new Set();
  for (const category of Object.values(result.categories)) {
    for (const ref of category.auditRefs) {
      const score = result.audits[ref.id]?.score;
      if (ref.weight > 0 && score !== null && score !== undefined && score < 1) failing.add(ref.id);
    }
  }
  for (const item of result.audits['render-blocking-insight']?.details?.items ??
    result.audits['render-blocking-resources']?.details?.items ??
    [])
    if (item.url) failing.add(`render-blocking ${new URL(item.url).pathname}`);
  return [...failing];
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
