import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const url = 'http://127.0.0.1:3200/list/news';
const html = await (await fetch(url)).text();
for (const mode of ['plain', 'route', 'route-unroute', 'setContent', 'plain', 'route-unroute']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  if (mode.startsWith('route')) {
    await page.route('**/*', (route) => {
      const r = route.request();
      if (r.isNavigationRequest()) return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
      if (r.resourceType() === 'script') return route.abort();
      return route.continue();
    });
  }
  if (mode === 'setContent') { await page.goto(url.replace('/list/news', '/robots.txt')); await page.setContent(html); }
  else await page.goto(url);
  if (mode === 'route-unroute') await page.unrouteAll();
  const t = Date.now();
  await new AxeBuilder({ page }).analyze();
  console.log(mode, Date.now() - t);
  await ctx.close();
}
await browser.close();
