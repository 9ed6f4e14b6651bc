/**
 * A fault-injection core for the e2e tests (ADR 021): a small `node:http` reverse proxy in
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
 *   then the connection is destroyed;
 * - `http502`, `http503`: a gateway's HTML page, Laravel's maintenance answer (with `Retry-After`);
 * - `unauthorized`: HTTP 401 `{"message":"Unauthorized"}` to everything (a misconfigured gateway);
 * - `throttled`: HTTP 429 `Too Many Attempts.` with `Retry-After: 60`;
 * - `empty`: HTTP 200 with no body; `empty-object`: HTTP 200 `{}`;
 * - `null-values`: the real answer with every top-level value `null` (`{"rc_code":null}`…);
 * - `other-member`: the real answer with every `membership_no` naming another member;
 * - `contradiction`: the real answer with every paginator's rows taken out, its count kept.
 *
 * Requests to other paths go to the real core unchanged. Every request is counted per path, so a test
 * can check that nothing was sent twice.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export const FAULTS = ['slow', 'http500', 'malformed', 'wrong-shape', 'reset', 'truncated'] as const;
/** The rest of the audit's fault modes (ADR 042). */
export const MORE_FAULTS = [
  'http502',
  'http503',
  'unauthorized',
  'throttled',
  'empty',
  'empty-object',
  'null-values',
  'other-member',
  'contradiction',
] as const;
export type Fault = (typeof FAULTS)[number] | (typeof MORE_FAULTS)[number];
/** A member number no demo member has. */
export const OTHER_MEMBER = '099998';

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

/** The JSON body rewritten by `change` (each object and list, deepest first); not JSON: as it was. */
function rewrite(body: Buffer, change: (value: unknown) => unknown): Buffer {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return change(value.map(walk));
    if (value && typeof value === 'object') {
      return change(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)])));
    }
    return value;
  };
  try {
    return Buffer.from(JSON.stringify(walk(JSON.parse(body.toString('utf8')))));
  } catch {
    return body;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every `membership_no` (any case) names another member. */
const otherMember = (value: unknown) =>
  isObject(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /^membership_no$/i.test(k) && v ? OTHER_MEMBER : v]))
    : value;

/** A paginator (`data` and `total`) keeps its count and loses its rows. */
const contradiction = (value: unknown) =>
  isObject(value) && Array.isArray(value.data) && 'total' in value ? { ...value, data: [] } : value;

/** Every top-level value null: `{"rc_code":null}`, lists that are not there. */
function nullValues(body: Buffer): string {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (isObject(parsed)) return JSON.stringify(Object.fromEntries(Object.keys(parsed).map((key) => [key, null])));
  } catch {
    // not JSON: fall through
  }
  return 'null';
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
      // Uncompressed from the core, so that a fault can rewrite the JSON it answers.
      const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
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
      const plain = (status: number, type: string, text: string, extra: http.OutgoingHttpHeaders = {}) => {
        res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...extra });
        res.end(text);
      };
      if (fault === 'http502') return plain(502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>');
      if (fault === 'http503') {
        return plain(503, 'application/json', JSON.stringify({ message: 'Service Unavailable' }), {
          'Retry-After': '60',
        });
      }
      if (fault === 'unauthorized') return plain(401, 'application/json', JSON.stringify({ message: 'Unauthorized' }));
      if (fault === 'throttled') {
        return plain(429, 'application/json', JSON.stringify({ message: 'Too Many Attempts.' }), {
          'Retry-After': '60',
        });
      }
      if (fault === 'empty') return plain(200, 'application/json', '');
      if (fault === 'empty-object') return plain(200, 'application/json', '{}');
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
      if (fault === 'null-values') return send(res, { ...answer, body: Buffer.from(nullValues(answer.body)) });
      if (fault === 'other-member') return send(res, { ...answer, body: rewrite(answer.body, otherMember) });
      if (fault === 'contradiction') return send(res, { ...answer, body: rewrite(answer.body, contradiction) });
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
