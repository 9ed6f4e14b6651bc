/**
 * A fault-injection core for the e2e tests (issue 5, ADR 021): a small `node:http` reverse proxy in
 * front of a real core (a Sahakorn in embedded mode serving the vendor API), which can be told to
 * misbehave on chosen paths the ways a real core does:
 *
 * - `slow`: answers, but only after `slowMs` (longer than the front's timeout);
 * - `http500`: HTTP 500 with Laravel's JSON error page;
 * - `malformed`: HTTP 200 `application/json` whose body is not JSON;
 * - `wrong-shape`: HTTP 200 with valid JSON of another shape than the endpoint's (every top-level value
 *   of the real answer replaced by a number);
 * - `reset`: the connection is reset without an answer;
 * - `truncated`: the real answer's headers with a `Content-Length` larger than the body, half the body,
 *   then the connection is destroyed.
 *
 * Requests to other paths go to the real core unchanged. Every request is counted per path, so a test
 * can check that nothing was sent twice.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export const FAULTS = ['slow', 'http500', 'malformed', 'wrong-shape', 'reset', 'truncated'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultCore {
  url: string;
  /** Misbehave on this exact path (e.g. `/api/info/manu`) until cleared. */
  fail(path: string, fault: Fault): void;
  /** Every path answers normally again. */
  clear(): void;
  /** Requests received for `path` (faulty or not) since the start. */
  hits(path: string): number;
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Every top-level value a number: valid JSON that no endpoint's schema accepts. */
function wrongShape(body: Buffer): string {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return JSON.stringify(Object.fromEntries(Object.keys(parsed).map((key) => [key, 12345])));
    }
  } catch {
    // not JSON: fall through
  }
  return '12345';
}

export async function startFaultCore(options: { port: number; upstream: string; slowMs?: number }): Promise<FaultCore> {
  const upstream = new URL(options.upstream);
  const slowMs = options.slowMs ?? 3000;
  const faults = new Map<string, Fault>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const forward = (req: http.IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host };
      const out = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
        (res) => {
          readBody(res).then(
            (data) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: data }),
            reject,
          );
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const send = (res: http.ServerResponse, answer: Upstream) => {
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://core').pathname;
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const body = await readBody(req);
      const fault = faults.get(path);
      if (fault === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      if (fault === 'http500') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Server Error' }));
        return;
      }
      if (fault === 'malformed') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"list_manu": [{"Seq": "1", "Name": "เกี่ยวกับสหกรณ์"');
        return;
      }
      const answer = await forward(req, body);
      if (fault === 'slow') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, slowMs);
          timers.add(timer);
        });
        if (res.destroyed) return;
      }
      if (fault === 'wrong-shape') {
        send(res, { ...answer, body: Buffer.from(wrongShape(answer.body)) });
        return;
      }
      if (fault === 'truncated') {
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        headers['content-length'] = String(answer.body.length + 1000);
        res.writeHead(answer.status, headers);
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      send(res, answer);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${options.port}/`,
    fail: (path, fault) => faults.set(path, fault),
    clear: () => faults.clear(),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
