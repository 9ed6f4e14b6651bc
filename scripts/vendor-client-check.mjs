// The vendor's own web client against a running Sahakorn, in Chromium (docs/vendor-api.md).
//
//   node scripts/vendor-client-check.mjs <vendor public folder> [sahakorn URL] [membership no] [password]
//
// The vendor's product ships its built client (`public/js/app.js` and its chunks). This serves that
// folder on http://127.0.0.1:3900 (VENDOR_CLIENT_PORT) with the single-page shell its Laravel view renders, passes `/api/`,
// `/mediafiles/` and `/member/profile/` to Sahakorn (default http://127.0.0.1:3000), logs in as the
// member (default the demo member 012345), opens every member screen and prints its text, and lists
// every `/api` answer of 400 or more and every script error. Nothing of the vendor's is kept here.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { chromium } from 'playwright';

const [root, target = 'http://127.0.0.1:3000', membershipNo = '012345', password = 'sahakorn-demo'] =
  process.argv.slice(2);
if (!root || !fs.existsSync(path.join(root, 'js', 'app.js'))) {
  console.error('usage: node scripts/vendor-client-check.mjs <vendor public folder with js/app.js> [sahakorn URL]');
  process.exit(2);
}
const upstream = new URL(target);
const PORT = Number(process.env.VENDOR_CLIENT_PORT ?? 3900);
const SHELL =
  '<!DOCTYPE html><html lang="th"><head><meta charset="utf-8"><base href="/" />' +
  '<link href="/css/app.css" rel="stylesheet" /><script>window.Laravel={"csrfToken":""}</script></head>' +
  '<body itemscope><main id="app"></main><script src="/js/app.js"></script></body></html>';
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.jpg': 'image/jpeg' };
const PASSED_ON = ['/api/', '/mediafiles/', '/member/profile/'];

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  if (PASSED_ON.some((prefix) => url.pathname.startsWith(prefix))) {
    const headers = { ...req.headers, host: upstream.host };
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
    return;
  }
  const file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
  if (file.startsWith(path.resolve(root)) && fs.existsSync(file) && fs.statSync(file).isFile()) {
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
    return;
  }
  if (path.extname(url.pathname)) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(SHELL);
});
await new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(undefined)));

// The e2e suite's browser (ADR 027): Debian's headless shell, or CHROMIUM_PATH.
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));
const browser = await chromium.launch({ executablePath });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const problems = [];
page.on('response', (r) => {
  if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
});
page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));

const base = `http://127.0.0.1:${PORT}`;
await page.goto(`${base}/logon`);
await page.fill('#membership_no', membershipNo);
await page.fill('#mem_password', password);
await page.click('#submit');
await page.waitForTimeout(3000);
for (const screen of ['/status', '/share', '/loan', '/deposit', '/kep', '/coll', '/gian', '/dividend', '/crem']) {
  await page.goto(`${base}${screen}`);
  await page.waitForTimeout(3000);
  const text = await page.evaluate(() => document.body.innerText);
  console.log(`\n== ${screen}\n${text.replace(/\s+/g, ' ').trim()}`);
}
console.log(`\n== problems\n${problems.length ? problems.join('\n') : 'none'}`);
await browser.close();
server.close();
