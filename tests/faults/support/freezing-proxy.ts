import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stop passing the server's answers back
 * while still passing the client's statements on. Frozen, a statement the API sends
 * (a COMMIT, say) still runs and commits, but the API never hears that it did: the
 * moment a crash between "committed" and "answered" needs, held open for as long as the
 * test likes instead of a microsecond.
 */
/** PostgreSQL's simple-query message ('Q', its length, the text) whose text is a COMMIT. */
const COMMIT_QUERY = new RegExp(`Q[\\s\\S]{4}commit${String.fromCharCode(0)}`, 'i');

export class FreezingProxy {
  private frozen = false;
  /** Armed by `freezeAtNextCommit`: called with the chunk that carries a COMMIT. */
  private onCommit: (() => void) | null = null;
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
      client.on('data', (chunk) => {
        upstream.write(chunk);
        if (this.onCommit && COMMIT_QUERY.test(chunk.toString('latin1'))) this.onCommit();
      });
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

  /**
   * Freezes the moment a client sends a COMMIT (a simple-query message), after passing it
   * on: that transaction commits and its client never hears so. A command that writes in a
   * transaction of several statements (a cash payment books the branch's cash day with the
   * loan) cannot commit once answers stop, so freezing at a random moment almost never
   * catches one between its commit and its answer. Falls back to freezing after `timeoutMs`.
   */
  async freezeAtNextCommit(timeoutMs: number): Promise<'commit' | 'timeout'> {
    const caught = await new Promise<'commit' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      this.onCommit = () => {
        clearTimeout(timer);
        this.frozen = true;
        resolve('commit');
      };
    });
    this.onCommit = null;
    this.frozen = true;
    return caught;
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
