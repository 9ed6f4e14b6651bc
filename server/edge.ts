// The HTTP edge: what a request must look like before the app sees it (ADR 035).
//
// - The request target is an origin-form path that decodes, at most URL_MAX characters long.
// - Methods are GET, HEAD, POST and OPTIONS; anything else is 405 with `Allow`.
// - A body is bounded before anything parses it: small forms and the JSON API at most
//   SMALL_BODY_LIMIT bytes, read here in full (counted while it streams, refused from its
//   Content-Length before a byte is read) and handed to Remix as bytes; the two photo uploads stream
//   to their own readers, which enforce PHOTO_MAX_BYTES, under a ceiling checked here.
// - A form post carries a form's Content-Type, and a multipart one parses.
// - Refusals are a Thai page (JSON below /api/), never a stack trace; malformed requests that Node
//   itself refuses before Express (an over-long header block, a broken request line) too.
// - A body the app did not read is drained (up to its ceiling) so the keep-alive connection is free
//   for the next request at once.

import type { Request as ExpressRequest, NextFunction, RequestHandler, Response as ExpressResponse } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import { contentUploadCeiling } from '../app/lib/content-upload';

/** Largest body of a form or a JSON API call, in bytes. */
export const SMALL_BODY_LIMIT = 64 * 1024;
/** Longest request target (path and query) accepted, in characters. */
export const URL_MAX = 8 * 1024;
/** Largest request head (request line and headers) Node accepts: beyond it, 431 (clientError). */
export const MAX_HEADER_SIZE = 16 * 1024;
/** Methods the site answers. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Routes that take a photo (ADR 009): their bodies stream to readers that enforce PHOTO_MAX_BYTES. */
export const UPLOAD_PATHS = new Set(['/member/photo', '/api/member/wwwupload']);
/**
 * The staff content form (new item, edit): a picture and an attachment, read by its own reader under
 * a ceiling of its own (ADR 061, ADR 117).
 */
const STAFF_UPLOAD_PATH = /^\/staff\/content\/(new|[1-9]\d{0,9})$/;
/** Whether a path's body streams to an upload reader under the upload ceiling. */
export const isUploadPath = (pathname: string): boolean =>
  UPLOAD_PATHS.has(pathname) || STAFF_UPLOAD_PATH.test(pathname);

/** The ceiling the edge puts on an upload: base64 in JSON (4/3) and multipart framing fit under it. */
export const uploadCeiling = (photoMaxBytes: number): number => 2 * photoMaxBytes + SMALL_BODY_LIMIT;

/** Thai titles and messages of the edge's refusals, by status. */
export const REFUSALS: Record<number, { title: string; text: string }> = {
  400: {
    title: 'คำขอไม่ถูกต้อง',
    text: 'ระบบไม่สามารถอ่านคำขอนี้ได้ กรุณากลับไปที่หน้าเว็บไซต์แล้วลองใหม่อีกครั้ง',
  },
  405: {
    title: 'ไม่รองรับคำขอนี้',
    text: 'หน้านี้ไม่รองรับวิธีการส่งคำขอนี้ กรุณากลับไปที่หน้าเว็บไซต์แล้วลองใหม่อีกครั้ง',
  },
  408: {
    title: 'หมดเวลารอคำขอ',
    text: 'ระบบรอคำขอนานเกินไป กรุณาลองใหม่อีกครั้ง',
  },
  413: {
    title: 'ข้อมูลมีขนาดใหญ่เกินไป',
    text: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกว่าที่ระบบรับได้ กรุณาตรวจสอบข้อมูลแล้วลองใหม่อีกครั้ง',
  },
  414: {
    title: 'ที่อยู่หน้าเว็บยาวเกินไป',
    text: 'ที่อยู่หน้าเว็บที่ขอยาวเกินกว่าที่ระบบรับได้ กรุณากลับไปที่หน้าแรกแล้วลองใหม่อีกครั้ง',
  },
  415: {
    title: 'รูปแบบข้อมูลไม่ถูกต้อง',
    text: 'รูปแบบของข้อมูลที่ส่งมาไม่ถูกต้อง กรุณากลับไปที่หน้าเว็บไซต์แล้วส่งแบบฟอร์มอีกครั้ง',
  },
  431: {
    title: 'คำขอมีขนาดใหญ่เกินไป',
    text: 'ส่วนหัวของคำขอยาวเกินกว่าที่ระบบรับได้ กรุณาลบคุกกี้ของเว็บไซต์นี้แล้วลองใหม่อีกครั้ง',
  },
};

const BAD_REQUEST = REFUSALS[400]!;

/** The log the edge writes its one line per refusal to. */
export interface EdgeLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
};

/** The Thai page of a refusal: plain HTML, no script or style (the CSP forbids inline ones). */
export function refusalPage(status: number): string {
  const { title, text } = REFUSALS[status] ?? BAD_REQUEST;
  return (
    '<!doctype html><html lang="th"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p>` +
    '<p><a href="/home">กลับสู่หน้าแรก</a></p></main></body></html>'
  );
}

const isApi = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Answers a refused request: JSON `{error}` below /api/ (the vendor API's error shape), the Thai page
 * elsewhere. `close` ends the connection after it (a body that was not read stays unread);
 * `retryAfter` (seconds) says when to come back.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  { allow, close = false, retryAfter }: { allow?: string; close?: boolean; retryAfter?: number } = {},
): void {
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const { text } = REFUSALS[status] ?? BAD_REQUEST;
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  if (allow) res.setHeader('Allow', allow);
  if (close) res.setHeader('Connection', 'close');
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  if (isApi(pathname)) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ error: text }));
  } else {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : refusalPage(status));
  }
}

/** The most a request's body may have, in bytes. */
export function bodyLimitFor(pathname: string, photoMaxBytes: number): number {
  if (STAFF_UPLOAD_PATH.test(pathname)) return contentUploadCeiling(photoMaxBytes);
  return UPLOAD_PATHS.has(pathname) ? uploadCeiling(photoMaxBytes) : SMALL_BODY_LIMIT;
}

/** Why a request line (and its declared length) cannot be served (a status), or null. */
export function requestLineProblem(req: IncomingMessage, photoMaxBytes: number): number | null {
  const target = req.url ?? '';
  // Absolute-form (`GET http://host/…`), asterisk-form (`OPTIONS *`) and anything else not a path.
  if (!target.startsWith('/') || target.startsWith('//')) return 400;
  if (target.length > URL_MAX) return 414;
  const pathname = target.split('?', 1)[0] ?? '';
  try {
    decodeURIComponent(pathname);
  } catch {
    return 400;
  }
  if (!ALLOWED_METHODS.includes(req.method ?? '')) return 405;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > bodyLimitFor(pathname, photoMaxBytes)) return 413;
  return null;
}

/**
 * Express middleware refusing, before anything else looks at it, a request whose target or method
 * cannot be served or whose declared body is too large (then without reading a byte of it).
 * `routed` is the request log's marker: a refusal is logged at info like any page request.
 */
export function createRequestLineCheck({
  photoMaxBytes,
  routed,
}: {
  photoMaxBytes: number;
  routed: RequestHandler;
}): RequestHandler {
  return function checkRequestLine(req, res, next) {
    const problem = requestLineProblem(req, photoMaxBytes);
    if (problem === null) return next();
    routed(req, res, () => undefined);
    refuse(req, res, problem, {
      ...(problem === 405 && { allow: ALLOWED_METHODS.join(', ') }),
      ...(problem === 413 && { close: true }),
    });
  };
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | undefined): string {
  return (String(header ?? '').split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * Express middleware bounding and reading request bodies. `photoMaxBytes` is the upload limit.
 * Small bodies end up in `res.locals.body` (a Buffer) for the Remix handler.
 */
export function createBodyReader({ photoMaxBytes }: { photoMaxBytes: number }): RequestHandler {
  // (A declared length over the limit was refused by the request-line check already.)
  return async function readRequestBody(req, res, next) {
    if (BODYLESS.has(req.method)) return next();
    const upload = isUploadPath(req.path);
    const limit = bodyLimitFor(req.path, photoMaxBytes);
    drainAfterAnswer(req, res, limit);
    // Pages take forms; a post of anything else cannot be one of ours.
    const type = mediaType(req.headers['content-type']);
    if (!isApi(req.path) && !FORM_TYPES.has(type)) return refuse(req, res, 415);
    if (upload) return next();

    let body: Buffer | null;
    try {
      body = await readAtMost(req, limit);
    } catch {
      // The client went away while sending.
      return;
    }
    if (body === null) return refuse(req, res, 413, { close: true });
    if (type === 'multipart/form-data' && !(await parsesAsMultipart(body, req.headers['content-type'] ?? ''))) {
      return refuse(req, res, 400);
    }
    res.locals.body = body;
    next();
  };
}

/**
 * The whole body if it has at most `limit` bytes, counted as it streams (chunked bodies have no
 * Content-Length); null as soon as it has more, without reading the rest.
 */
export function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (!req.complete) onError(new Error('request aborted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Whether a multipart body parses (the fetch standard's parser, as Remix's `formData()` uses it). */
export async function parsesAsMultipart(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * Once the answer is sent, reads and throws away what is left of a body nobody read, so that the
 * next request on the keep-alive connection is not stuck behind it; past `limit` bytes the
 * connection is closed instead.
 */
function drainAfterAnswer(req: IncomingMessage, res: ServerResponse, limit: number): void {
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    let size = 0;
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) req.socket?.destroy();
    });
    req.resume();
  });
}

/**
 * The http server's 'clientError' listener: Node refuses a malformed request or an over-long head
 * before Express sees it; answer with the Thai page and one log line instead of a bare status, with
 * `securityHeaders` (those every other answer carries).
 */
export function createClientErrorHandler(
  log: EdgeLog,
  securityHeaders: Record<string, string> = {},
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    const code = error?.code ?? 'unknown';
    if (code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_TIMEOUT' ? 408 : 400;
    log.info('client error', { status, code });
    const body = Buffer.from(refusalPage(status));
    const headers = {
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      ...securityHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${head.join('')}\r\n`);
    socket.end(body);
  };
}

/**
 * Express's error handler: an error passed on by a middleware (a malformed path parameter, a body
 * that broke off) is a client's 4xx when it says so, logged at info; anything else is ours, logged
 * as one JSON line at error, and the visitor gets the Thai page either way, never a stack trace.
 */
export function createErrorHandler(log: EdgeLog) {
  // Express recognises an error handler by its four parameters.
  return (
    error: { status?: unknown; statusCode?: unknown; message?: string } | undefined,
    req: ExpressRequest,
    res: ExpressResponse,
    _next: NextFunction,
  ) => {
    const status = Number(error?.status ?? error?.statusCode);
    const clientError = status >= 400 && status < 500;
    if (clientError) log.info('client error', { status, error: error?.message ?? String(error) });
    else
      log.error('request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (clientError && REFUSALS[status]) return refuse(req, res, status);
    if (clientError) return refuse(req, res, 400);
    res.statusCode = 500;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      '<!doctype html><html lang="th"><head><meta charset="utf-8"><title>ไม่พร้อมให้บริการ</title></head>' +
        '<body><main><h1>ขออภัย! หน้าเพจนี้ไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ในภายหลัง</h1>' +
        '<p><a href="/home">กลับสู่หน้าแรก</a></p></main></body></html>',
    );
  };
}
