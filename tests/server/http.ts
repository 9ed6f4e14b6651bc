import http from 'node:http';

import { PORT } from './process';

/** The demo store's member with every kind of record (SEED_DEMO=1). */
export const DEMO = { membershipNo: '012345', password: 'sahakorn-demo' } as const;

export interface Answer<Body = string> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Body;
}

/** The cookies a response sets, as a `Cookie` header sends them back (names and values only). */
export function cookieOf(answer: Answer): string {
  return (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/**
 * Requests to a `server.js` listening on 127.0.0.1:`port`, each over a connection of its own, or
 * over the connections `agent` keeps (one kept-alive socket reaches one worker every time).
 */
export function serverAt(port: number = PORT, agent?: http.Agent) {
  const origin = `http://127.0.0.1:${port}`;

  /**
   * One request; the answer's body as the bytes sent (compressed or not). `body` goes whole, with
   * its Content-Length, unless `chunked`.
   */
  function bytes(
    method: string,
    pathname: string,
    headers: Record<string, string> = {},
    body?: string | Buffer,
    { chunked = false }: { chunked?: boolean } = {},
  ): Promise<Answer<Buffer>> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path: pathname, headers, agent: agent ?? false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined && !chunked) req.setHeader('Content-Length', Buffer.byteLength(body));
      req.end(body);
    });
  }

  /** One request; the answer's body as text. */
  async function request(...args: Parameters<typeof bytes>): Promise<Answer> {
    const answer = await bytes(...args);
    return { ...answer, body: answer.body.toString('utf8') };
  }

  const get = (pathname: string, headers: Record<string, string> = {}) => request('GET', pathname, headers);

  /** A form posted as this site's own pages post it: URL-encoded, with the site's Origin. */
  const form = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(
      'POST',
      pathname,
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...headers },
      new URLSearchParams(fields).toString(),
    );

  /** Signs in through the login form: its status, and the session cookie to send with later requests. */
  async function signIn(member: { membershipNo: string; password: string } = DEMO) {
    const login = await form('/member/logon', { membershipNo: member.membershipNo, password: member.password });
    return { status: login.status, cookie: cookieOf(login) };
  }

  /** The single-use key of a new board form (`/boardPost`); empty when the page has none. */
  async function boardFormKey(): Promise<string> {
    return /name="formKey" value="([^"]+)"/.exec((await get('/boardPost')).body)?.[1] ?? '';
  }

  /** A board topic posted through the form, as a visitor fills it in (a name, the honeypot left empty). */
  const postTopic = (fields: { title: string; body: string; formKey: string }) =>
    form('/boardPost', { ...fields, displayName: 'ผู้ทดสอบ', website: '' });

  return { origin, bytes, request, get, form, signIn, boardFormKey, postTopic };
}

/** The server of these tests, on PORT. */
export const { origin: ORIGIN, bytes, request, get, form, signIn, boardFormKey, postTopic } = serverAt();
