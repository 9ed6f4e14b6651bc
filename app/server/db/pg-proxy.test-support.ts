import net from 'node:net';

/** A PostgreSQL server as a test sees it through `pgProxy`. */
export interface PgProxy {
  /** The target's URL with the proxy's address (a made-up database when there is no target). */
  url: string;
  /** Stop (true) or go on (false) passing the server's answers on. */
  stall: (on: boolean) => void;
  close: () => Promise<void>;
}

/**
 * A TCP proxy to `target` that can stop passing the server's answers on (`stall`), or, with no
 * target, a server that accepts connections and never says a word.
 */
export async function pgProxy(target?: URL): Promise<PgProxy> {
  let stalled = !target;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    if (!target) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => undefined);
    for (const socket of [client, upstream]) {
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target ?? 'postgres://sahakorn@127.0.0.1/sahakorn');
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    stall: (on: boolean) => {
      stalled = on;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
