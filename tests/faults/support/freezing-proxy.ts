import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stop passing the server's answers back
 * while still passing the client's statements on. Frozen, a statement the API sends
 * (a COMMIT, say) still runs and commits, but the API never hears that it did: the
 * moment a crash between "committed" and "answered" needs, held open for as long as the
 * test likes instead of a microsecond.
 */
export class FreezingProxy {
  private frozen = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  port = 0;

  private constructor(target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.on('data', (chunk) => upstream.write(chunk));
      // Frozen: the server's answers are dropped, never delivered late.
      upstream.on('data', (chunk) => {
        if (!this.frozen) client.write(chunk);
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  static async start(target: { host: string; port: number }): Promise<FreezingProxy> {
    const proxy = new FreezingProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.port = (proxy.server.address() as net.AddressInfo).port;
    return proxy;
  }

  /** The server's answers stop reaching the clients; their statements still run. */
  freeze(): void {
    this.frozen = true;
  }

  /** Ends every connection (they are useless once frozen) and passes answers again. */
  reset(): void {
    for (const s of this.sockets) s.destroy();
    this.frozen = false;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
