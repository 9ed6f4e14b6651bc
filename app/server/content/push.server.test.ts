import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { testPusherEnv } from '../../../tests/pusher/env';
import { startTestPusherServer, type TestPusherServer } from '../../../tests/pusher/test-server';
import { parseEnv } from '../env.server';
import { pushClientConfig, pushConnectSource, pushPageConfig, pushTrigger } from './push.server';
import { contentSecurityPolicy } from '../http/security.server';

const PORT = Number(process.env.PUSHER_TEST_PORT ?? 3711);
const APP = { appId: 'test-app', key: 'test-key', secret: 'test-secret' };
const BASE = { DATA_DIR: 'tests/.tmp/push-unit', SESSION_SECRET: 'x'.repeat(32) };
const SELF_HOSTED = { ...BASE, ...testPusherEnv(APP, PORT), PUSHER_CHANNEL: 'news' };

describe('push configuration', () => {
  it('is off unless a key and a cluster or host are set', () => {
    expect(pushClientConfig(parseEnv(BASE))).toBeNull();
    expect(pushClientConfig(parseEnv({ ...BASE, PUSHER_KEY: 'k' }))).toBeNull();
    expect(pushPageConfig(parseEnv(BASE))).toBeNull();
    expect(pushTrigger(parseEnv({ ...BASE, PUSHER_KEY: 'k', PUSHER_CLUSTER: 'ap1' }))).toBeNull();
  });

  it('gives browsers public values only and the one WebSocket origin for the CSP', () => {
    const cluster = pushPageConfig(parseEnv({ ...BASE, PUSHER_KEY: 'k', PUSHER_CLUSTER: 'ap1', PUSHER_SECRET: 's' }));
    expect(cluster).toMatchObject({
      key: 'k',
      cluster: 'ap1',
      host: null,
      port: null,
      tls: true,
      channel: 'announcements',
    });
    expect(JSON.stringify(cluster)).not.toContain('"s"');
    expect(cluster?.pusher).toMatch(/^\/vendor\/pusher\.min\.js\?v=[0-9a-f]{12}$/);
    expect(cluster?.script).toMatch(/^\/build\/client\/push(-[0-9A-Z]+)?\.js$/);
    expect(pushConnectSource(cluster)).toBe('wss://ws-ap1.pusher.com');
    expect(pushConnectSource(pushClientConfig(parseEnv(SELF_HOSTED)))).toBe(`ws://127.0.0.1:${PORT}`);
    expect(pushConnectSource(null)).toBeNull();
  });

  it('adds exactly that origin to connect-src and changes nothing else', () => {
    const plain = contentSecurityPolicy('n');
    const withPush = contentSecurityPolicy('n', 'wss://ws-ap1.pusher.com');
    expect(plain).toContain("connect-src 'self';");
    expect(withPush).toContain("connect-src 'self' wss://ws-ap1.pusher.com;");
    expect(withPush.replace(' wss://ws-ap1.pusher.com', '')).toBe(plain);
  });

  it('refuses private channels and hosts with a scheme', () => {
    expect(() => parseEnv({ ...BASE, PUSHER_CHANNEL: 'private-news' })).toThrow(/PUSHER_CHANNEL/);
    expect(() => parseEnv({ ...BASE, PUSHER_HOST: 'https://soketi.example' })).toThrow(/PUSHER_HOST/);
  });
});

describe('the test Pusher server with the real SDK', () => {
  let server: TestPusherServer;
  beforeAll(async () => {
    server = await startTestPusherServer({ port: PORT, ...APP });
  });
  afterAll(async () => {
    await server.close();
  });

  it('delivers a triggered desktopNotify to a protocol-7 subscriber', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/app/${APP.key}?protocol=7&client=js&version=8.6.0`);
    const messages: { event: string; channel?: string; data: string }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as (typeof messages)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'news' } }));
    ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await server.waitForSubscribers('news');

    const trigger = pushTrigger(parseEnv(SELF_HOSTED));
    expect(trigger?.channel).toBe('news');
    await trigger?.send({ title: 'ประกาศ', body: 'เนื้อหา', url: '12' });
    await expect.poll(() => messages.map((m) => m.event)).toContain('desktopNotify');

    expect(messages.map((m) => m.event)).toEqual([
      'pusher:connection_established',
      'pusher_internal:subscription_succeeded',
      'pusher:pong',
      'desktopNotify',
    ]);
    const event = messages.at(-1);
    expect(event?.channel).toBe('news');
    expect(JSON.parse(event?.data ?? '')).toEqual({ title: 'ประกาศ', body: 'เนื้อหา', url: '12' });
    ws.close();
  });

  it('refuses a request signed with another secret', async () => {
    const wrong = new Pusher({ ...APP, secret: 'wrong', host: '127.0.0.1', port: String(PORT), useTLS: false });
    await expect(wrong.trigger('news', 'desktopNotify', { title: 't', body: '', url: '1' })).rejects.toMatchObject({
      status: 401,
    });
    expect(server.triggered.filter((e) => e.data.includes('"t"'))).toEqual([]);
  });
});
