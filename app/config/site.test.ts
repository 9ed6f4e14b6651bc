import { describe, expect, it } from 'vitest';

import { site } from './site';

/** The page a link opens: host and path (no site roots, no placeholders). */
const parts = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, host: url.hostname, path: url.pathname, query: url.search };
};

describe('the cooperative’s social and app links', () => {
  it('open the cooperative’s own page on each service, not the service’s home page', () => {
    const byLabel = new Map([...site.social, ...site.apps].map((l) => [l.label, parts(l.href)]));
    for (const link of byLabel.values()) {
      expect(link.protocol).toBe('https:');
      expect(link.path.replace(/\/+$/, '')).not.toBe('');
    }
    expect(byLabel.get('Facebook')).toMatchObject({
      host: 'www.facebook.com',
      path: expect.stringMatching(/^\/[\w.]{5,}$/),
    });
    // A LINE Official Account's page is page.line.me/<basic id> (or its add-friend link).
    expect(byLabel.get('LINE Official Account')).toMatchObject({
      host: expect.stringMatching(/^(page|lin)\.line\.me$|^line\.me$/),
      path: expect.stringMatching(/^\/[@\w.-]{3,}|^\/R\/ti\/p\//),
    });
    expect(byLabel.get('YouTube')).toMatchObject({
      host: 'www.youtube.com',
      path: expect.stringMatching(/^\/@\w{3,}$/),
    });
    const [appStore, googlePlay] = site.apps.map((a) => parts(a.href));
    expect(appStore).toMatchObject({
      host: 'apps.apple.com',
      path: expect.stringMatching(/^\/th\/app\/[\w-]+\/id\d{9,10}$/),
    });
    expect(googlePlay).toMatchObject({
      host: 'play.google.com',
      path: '/store/apps/details',
      query: expect.stringMatching(/^\?id=[a-z][\w]*(\.[a-z][\w]*){2,}$/),
    });
  });
});
