import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between the server and a dependency (PostgreSQL, Redis): `cut()` drops
 * every connection and refuses new ones, as a restart or a failover looks to a client; `blackHole()`
 * keeps every connection open and lets no byte through either way, as a network partition looks;
 * `restore()` lets them through again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** While set, connections are accepted and then left without an answer, as a lost network does. */
  private hanging = false;
  /** While set, every connection (open or new) holds what it is sent, in both directions. */
  private holding = false;
  private readonly links = new Set<Link>();
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
      this.links.add(
        new Link(
          client,
          () => connect(this.targetPort, this.targetHost),
          this.holding,
          this.sockets,
          (l) => this.links.delete(l),
        ),
      );
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
    this.holding = false;
    this.links.clear();
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore() {
    this.hanging = false;
    this.holding = false;
    for (const link of this.links) link.release();
    if (!this.server) await this.listen(this.port);
  }

  /**
   * A partition: connections stay open, no byte crosses in either direction and no close either;
   * new connections are accepted and get no answer. What was sent meanwhile, and any close, arrives
   * on `restore()`, as TCP's retransmission delivers it once a short partition heals.
   */
  blackHole() {
    this.holding = true;
    for (const link of this.links) link.hold();
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

/** One proxied connection; while held, bytes and a close from either end wait for `release()`. */
class Link {
  private upstream: Socket | undefined;
  private held: boolean;
  private readonly toUpstream: Buffer[] = [];
  private readonly toClient: Buffer[] = [];
  private clientEnded = false;
  private upstreamEnded = false;

  constructor(
    private readonly client: Socket,
    private readonly dial: () => Socket,
    held: boolean,
    private readonly sockets: Set<Socket>,
    private readonly gone: (link: Link) => void,
  ) {
    this.held = held;
    this.track(client);
    client.on('data', (d: Buffer) => (this.held || !this.upstream ? this.toUpstream.push(d) : this.upstream.write(d)));
    client.on('close', () => {
      this.clientEnded = true;
      if (!this.held) this.closeBoth();
    });
    // A connection made during a partition reaches the other end only when it heals.
    if (!held) this.open();
  }

  private track(s: Socket) {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => undefined);
  }

  private open() {
    const upstream = this.dial();
    this.upstream = upstream;
    this.track(upstream);
    upstream.on('data', (d: Buffer) => (this.held ? this.toClient.push(d) : this.client.write(d)));
    upstream.on('close', () => {
      this.upstreamEnded = true;
      if (!this.held) this.closeBoth();
    });
  }

  hold() {
    this.held = true;
  }

  /** What waited is delivered, then a close that waited. */
  release() {
    this.held = false;
    if (this.clientEnded && !this.upstream && !this.toUpstream.length) return this.closeBoth();
    if (!this.upstream) this.open();
    for (const d of this.toUpstream.splice(0)) this.upstream!.write(d);
    for (const d of this.toClient.splice(0)) if (!this.client.destroyed) this.client.write(d);
    if (this.clientEnded) this.upstream!.end();
    if (this.upstreamEnded) this.client.end();
  }

  private closeBoth() {
    this.client.destroy();
    this.upstream?.destroy();
    this.gone(this);
  }
}
