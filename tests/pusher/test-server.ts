import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A small Pusher-protocol server for the test suite only (ADR 020): Pusher Channels cannot be
 * reached from our machines. It speaks protocol 7 over `ws` (connection_established, subscribe →
 * subscription_succeeded, ping → pong) and takes the HTTP API's `POST /apps/{id}/events` with the
 * server SDK's signature check, then broadcasts to the channel's subscribers.
 */
export interface TestPusherServer {
  port: number;
  /** Channels of every open connection, in order of connection. */
  connections: () => { channels: string[] }[];
  /** Every WebSocket upgrade request's path (e.g. `/app/<key>?protocol=7…`). */
  upgrades: string[];
  /** Events accepted through the HTTP API. */
  triggered: { name: string; channels: string[]; data: string }[];
  /** Resolves once some connection has subscribed to `channel` (at least `count` of them). */
  waitForSubscribers: (channel: string, count?: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export interface TestPusherOptions {
  port: number;
  appId: string;
  key: string;
  secret: string;
}

interface Client {
  socket: WebSocket;
  channels: Set<string>;
}

const send = (socket: WebSocket, message: Record<string, unknown>) => socket.send(JSON.stringify(message));

/** Pusher's HTTP API signature: HMAC-SHA256 of "METHOD\nPATH\nsorted query without auth_signature". */
export function signatureOf(secret: string, method: string, path: string, query: URLSearchParams): string {
  const sorted = [...query.entries()]
    .filter(([k]) => k !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return createHmac('sha256', secret).update(`${method}\n${path}\n${sorted}`).digest('hex');
}

export async function startTestPusherServer(options: TestPusherOptions): Promise<TestPusherServer> {
  const clients = new Set<Client>();
  const upgrades: string[] = [];
  const triggered: TestPusherServer['triggered'] = [];
  let socketIds = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || url.pathname !== `/apps/${options.appId}/events`)
      return reply(404, { error: 'not found' });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const q = url.searchParams;
      const expected = Buffer.from(signatureOf(options.secret, 'POST', url.pathname, q));
      const given = Buffer.from(q.get('auth_signature') ?? '');
      const timestamp = Number(q.get('auth_timestamp'));
      if (
        q.get('auth_key') !== options.key ||
        q.get('auth_version') !== '1.0' ||
        !(Math.abs(Date.now() / 1000 - timestamp) < 600) ||
        q.get('body_md5') !== createHash('md5').update(body).digest('hex') ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        return reply(401, { error: 'invalid signature' });
      }
      let event: { name?: unknown; channels?: unknown; channel?: unknown; data?: unknown };
      try {
        event = JSON.parse(body.toString('utf8')) as typeof event;
      } catch {
        return reply(400, { error: 'invalid JSON' });
      }
      const channels = Array.isArray(event.channels) ? event.channels.map(String) : [String(event.channel)];
      if (typeof event.name !== 'string' || typeof event.data !== 'string') return reply(400, { error: 'bad event' });
      triggered.push({ name: event.name, channels, data: event.data });
      for (const client of clients) {
        for (const channel of channels) {
          if (client.channels.has(channel)) send(client.socket, { event: event.name, channel, data: event.data });
        }
      }
      reply(200, {});
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    upgrades.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (url.pathname !== `/app/${options.key}` || url.searchParams.get('protocol') !== '7') {
        send(ws, { event: 'pusher:error', data: { code: 4001, message: 'App key or protocol not known' } });
        ws.close(4001);
        return;
      }
      const client: Client = { socket: ws, channels: new Set() };
      clients.add(client);
      socketIds += 1;
      send(ws, {
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: `${socketIds}.${socketIds}`, activity_timeout: 120 }),
      });
      ws.on('message', (raw) => {
        let message: { event?: string; data?: { channel?: string } };
        try {
          message = JSON.parse(String(raw)) as typeof message;
        } catch {
          return;
        }
        if (message.event === 'pusher:ping') send(ws, { event: 'pusher:pong', data: '{}' });
        else if (message.event === 'pusher:subscribe' && message.data?.channel) {
          client.channels.add(message.data.channel);
          send(ws, { event: 'pusher_internal:subscription_succeeded', channel: message.data.channel, data: '{}' });
        } else if (message.event === 'pusher:unsubscribe' && message.data?.channel) {
          client.channels.delete(message.data.channel);
        }
      });
      ws.on('close', () => clients.delete(client));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });

  return {
    port: options.port,
    connections: () => [...clients].map((c) => ({ channels: [...c.channels] })),
    upgrades,
    triggered,
    waitForSubscribers: async (channel, count = 1, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while ([...clients].filter((c) => c.channels.has(channel)).length < count) {
        if (Date.now() > until) throw new Error(`no ${count} subscriber(s) to ${channel} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: async () => {
      for (const client of clients) client.socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
