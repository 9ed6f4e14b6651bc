/**
 * Full-page screenshots of every page for review by eye: phone (360×740) and desktop (1280×900),
 * JavaScript on and off, logged out (the public site and the login screens) and logged in as the demo
 * member (the member area). Written to screenshots/ (git-ignored) as
 * `<viewport>-<js|nojs>-<page>.png`.
 *
 * Needs a build (`npm run build`). Starts its own server on a fresh demo store (tests/.tmp/screenshots)
 * unless SCREENSHOTS_URL points at a running one. SCREENSHOTS_PORT picks the port (default 3199).
 *
 *   npm run build && npm run screenshots
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { chromium } from '@playwright/test';

import { ensureThaiFont } from './thai-font.mjs';

const OUT = path.resolve('screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3199);
const DEMO = { membershipNo: '012345', password: 'sahakorn-demo' };
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
];
const EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

async function startServer() {
  if (process.env.SCREENSHOTS_URL) return { base: process.env.SCREENSHOTS_URL, stop: async () => {} };
  const dataDir = path.resolve('tests/.tmp/screenshots');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The site's pages, found by following its own links (so new categories and pages are included). */
async function publicPages(page, base) {
  await page.goto(`${base}/home`);
  const hrefs = async (selector, limit) =>
    (await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
      .filter((h) => h.startsWith('/'))
      .slice(0, limit);
  const pages = new Set([
    '/home',
    ...(await hrefs('.site-nav--desktop a[href^="/list/"]', 40)),
    ...(await hrefs('main a[href^="/show/"]', 1)),
    '/board',
    '/boardPost',
    '/demand',
    '/search?q=%E0%B8%AA%E0%B8%AB%E0%B8%81%E0%B8%A3%E0%B8%93%E0%B9%8C',
    '/privacy-policy/cookies-policy',
    '/privacy-policy/private-policy',
    '/member/logon',
    '/member/register',
    '/member/forget',
    '/no-such-page',
  ]);
  await page.goto(`${base}/board`);
  for (const h of await hrefs('main a[href^="/boardShow/"]', 1)) pages.add(h);
  await page.goto(`${base}/demand`);
  for (const h of await hrefs('main a[href^="/showdemand/"]', 1)) pages.add(h);
  return [...pages];
}

async function memberPages(page, base) {
  const pages = [
    '/member/status',
    '/member/share',
    '/member/loan',
    '/member/deposit',
    '/member/kep',
    '/member/kepcrem',
    '/member/coll',
    '/member/dividend',
    '/member/gian',
    '/member/welfare',
    '/member/welfare?tab=eligible',
    '/member/password',
    '/member/security',
    '/member/photo',
  ];
  for (const [list, selector] of [
    ['/member/loan', 'main a[href^="/member/loan_statement/"]'],
    ['/member/deposit', 'main a[href^="/member/dep_statement/"]'],
    ['/member/kep', 'main a[href^="/member/kep/"]'],
  ]) {
    await page.goto(`${base}${list}`);
    const first = await page.locator(selector).first().getAttribute('href');
    if (first) pages.push(first);
  }
  return pages;
}

function fileName(viewport, js, url) {
  const name = url.replace(/^\//, '').replace(/[^a-zA-Z0-9ก-๙_-]+/g, '_') || 'root';
  return path.join(OUT, `${viewport.name}-${js ? 'js' : 'nojs'}-${name}.png`);
}

async function logIn(page, base) {
  await page.goto(`${base}/member/logon`);
  await page.getByLabel('หมายเลขสมาชิก').fill(DEMO.membershipNo);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await page.waitForURL(/\/member\/status$/);
}

async function main() {
  ensureThaiFont('the screenshots');
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ['--no-sandbox'] });
  let count = 0;
  try {
    const scout = await browser.newPage();
    const pub = await publicPages(scout, server.base);
    await logIn(scout, server.base);
    const mem = await memberPages(scout, server.base);
    await scout.close();
    for (const viewport of VIEWPORTS) {
      for (const js of [true, false]) {
        const options = {
          viewport: { width: viewport.width, height: viewport.height },
          javaScriptEnabled: js,
          locale: 'th-TH',
          timezoneId: 'Asia/Bangkok',
        };
        // Logged out: the public site as a first visit shows it (the cookie banner unanswered).
        const anonymous = await browser.newContext(options);
        const page = await anonymous.newPage();
        for (const url of pub) {
          await page.goto(`${server.base}${url}`, { waitUntil: 'load' });
          await page.screenshot({ path: fileName(viewport, js, url), fullPage: true });
          count += 1;
        }
        await anonymous.close();
        const member = await browser.newContext(options);
        const memberPage = await member.newPage();
        await logIn(memberPage, server.base);
        for (const url of mem) {
          await memberPage.goto(`${server.base}${url}`, { waitUntil: 'load' });
          await memberPage.screenshot({ path: fileName(viewport, js, url), fullPage: true });
          count += 1;
        }
        await member.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`${count} screenshots in ${path.relative(process.cwd(), OUT)}/`);
}

await main();
