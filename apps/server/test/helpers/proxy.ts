import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between the server and a dependency (PostgreSQL, Redis): `cut()` drops
 * every connection and refuses new ones, as a restart or a failover looks to a client, and
 * `restore()` lets them through again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** While set, connections are accepted and then left without an answer, as a lost network does. */
  private hanging = false;
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number, port = 0): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen(port);
    return proxy;
  }

  private listen(port: number) {
    const server = createServer((client) => {
      if (this.hanging) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => undefined);
        return;
      }
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  /** Drops every open connection and refuses new ones (connection refused). */
  async cut() {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore() {
    this.hanging = false;
    if (!this.server) await this.listen(this.port);
  }

  /** Drops every open connection; new ones are accepted and never answered. */
  async hang() {
    for (const s of this.sockets) s.destroy();
    this.hanging = true;
    if (!this.server) await this.listen(this.port);
  }

  async close() {
    await this.cut();
  }
}
