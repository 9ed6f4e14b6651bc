import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';

import {
  DELIVERY_MESSAGES,
  DeliveryError,
  createOutboxSender,
  createSmsGatewaySender,
  createSmtpSender,
  readOutbox,
} from './delivery.server';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function listen(server: http.Server | SMTPServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = (server as http.Server).address?.() ?? (server as SMTPServer).server.address();
      resolve((address as AddressInfo).port);
    });
  });
}

describe('email over SMTP', () => {
  it('hands the message to a real SMTP server, which receives the code', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const port = await listen(smtp);
    try {
      const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'สหกรณ์ตัวอย่าง <no-reply@coop.example>');
      await sender.send({
        to: { kind: 'email', address: 'somchai@example.com' },
        subject: 'รหัสยืนยัน',
        text: 'รหัสยืนยันของท่านคือ 042917',
      });
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toBe('no-reply@coop.example');
      expect(received[0]?.to).toEqual(['somchai@example.com']);
      // The body is encoded (Thai text): decode the quoted-printable or base64 part and find the code.
      const raw = received[0]?.data ?? '';
      const body = raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const decoded = /base64/i.test(raw)
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      expect(decoded).toMatch(/042917/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it("a refused recipient fails with a Thai message, and what is logged of it does not carry the member's address", async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        });
        callback(refusal);
      },
    });
    const port = await listen(smtp);
    try {
      const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'no-reply@coop.example');
      const error = await sender
        .send({ to: { kind: 'email', address: 'Somchai.Jaidee+coop@example.com' }, subject: 's', text: 't' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as Error).message).toBe(DELIVERY_MESSAGES.email);
      const { detail } = error as DeliveryError;
      expect(detail).toContain('550');
      expect(detail.toLowerCase()).not.toContain('somchai');
      expect(detail).not.toContain('example.com');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('a server that does not answer fails with a Thai message, within the timeout', async () => {
    // Accepts the connection but never greets.
    const silent = http.createServer();
    silent.on('connection', () => undefined);
    const port = await listen(silent);
    try {
      const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'no-reply@coop.example', 300);
      const started = Date.now();
      const error = await sender
        .send({ to: { kind: 'email', address: 'a@example.com' }, subject: 's', text: 't' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as Error).message).toBe(DELIVERY_MESSAGES.email);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('SMS through an HTTP gateway', () => {
  async function gateway(handler: http.RequestListener) {
    const server = http.createServer(handler);
    const port = await listen(server);
    return {
      url: `http://127.0.0.1:${port}/send`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }

  it('posts the number and the text as JSON with the key', async () => {
    const seen: Array<{ method?: string; url?: string; auth?: string; type?: string; body: unknown }> = [];
    const gw = await gateway((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          type: req.headers['content-type'],
          body: JSON.parse(body),
        });
        res.writeHead(202, { 'Content-Type': 'application/json' }).end('{"queued":true}');
      });
    });
    try {
      await createSmsGatewaySender(gw.url, 'gateway-key').send({
        to: { kind: 'sms', number: '0812345678' },
        subject: 'ignored',
        text: 'รหัส 042917',
      });
      expect(seen).toEqual([
        {
          method: 'POST',
          url: '/send',
          auth: 'Bearer gateway-key',
          type: 'application/json',
          body: { to: '0812345678', text: 'รหัส 042917' },
        },
      ]);
    } finally {
      gw.close();
    }
  });

  it('an error answer fails with a Thai message', async () => {
    const gw = await gateway((_req, res) => res.writeHead(500).end('down'));
    try {
      const error = await createSmsGatewaySender(gw.url, 'k')
        .send({ to: { kind: 'sms', number: '0812345678' }, subject: '', text: 'x' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as Error).message).toBe(DELIVERY_MESSAGES.sms);
      expect((error as DeliveryError).detail).toContain('500');
    } finally {
      gw.close();
    }
  });

  it('a gateway that does not answer in time fails with a Thai message', async () => {
    const gw = await gateway(() => undefined);
    try {
      const started = Date.now();
      const error = await createSmsGatewaySender(gw.url, 'k', 200)
        .send({ to: { kind: 'sms', number: '0812345678' }, subject: '', text: 'x' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as Error).message).toBe(DELIVERY_MESSAGES.sms);
      expect((error as DeliveryError).detail).toContain('timeout');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      gw.close();
    }
  });

  it('a gateway that is not there fails with a Thai message', async () => {
    const error = await createSmsGatewaySender('http://127.0.0.1:9/send', 'k', 1000)
      .send({ to: { kind: 'sms', number: '0812345678' }, subject: '', text: 'x' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(DELIVERY_MESSAGES.sms);
  });
});

describe('outbox', () => {
  it('keeps each message as a file and reads them newest first', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-outbox-')), 'outbox');
    dirs.push(path.dirname(dir));
    expect(await readOutbox(dir)).toEqual([]);
    let t = 1000;
    const sender = createOutboxSender(dir, () => (t += 1000));
    await sender.send({ to: { kind: 'email', address: 'a@example.com' }, subject: 'one', text: '111111' });
    await sender.send({ to: { kind: 'sms', number: '0812345678' }, subject: 'two', text: '222222' });
    const entries = await readOutbox(dir);
    expect(entries.map((e) => [e.subject, e.text, e.at])).toEqual([
      ['two', '222222', 3000],
      ['one', '111111', 2000],
    ]);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
