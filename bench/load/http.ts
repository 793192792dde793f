import http from 'node:http';

export interface Answer {
  /** 0: no HTTP answer (connection error or timeout; see `error`). */
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  error?: 'timeout' | 'connection';
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Keep-alive HTTP/1.1 to the API processes, one agent each, taking them in turn per
 * request (what a round-robin load balancer in front of them does). node:http rather
 * than fetch: less CPU per request, and this process shares the cores with the servers.
 */
export class ApiClient {
  private readonly agents: http.Agent[];
  private readonly targets: URL[];
  private turn = 0;

  constructor(
    urls: readonly string[],
    maxSockets: number,
    private readonly timeoutMs: number,
  ) {
    this.targets = urls.map((u) => new URL(u));
    this.agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets }));
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const i = this.turn++ % this.targets.length;
    const target = this.targets[i]!;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers['x-auth-token'] = options.token;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve) => {
      const req = http.request(
        {
          agent: this.agents[i],
          hostname: target.hostname,
          port: target.port,
          method,
          path,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
            }),
          );
          res.on('error', () => resolve({ status: 0, body: '', headers: {}, error: 'connection' }));
        },
      );
      req.setTimeout(this.timeoutMs, () => {
        req.destroy();
        resolve({ status: 0, body: '', headers: {}, error: 'timeout' });
      });
      req.on('error', () => resolve({ status: 0, body: '', headers: {}, error: 'connection' }));
      req.end(payload);
    });
  }

  close(): void {
    for (const a of this.agents) a.destroy();
  }
}
