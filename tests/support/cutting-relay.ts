/**
 * A TCP relay in front of a Postgres server that cuts a connection at a chosen message, for the
 * tests of what a dropped connection does: each message a client sends is shown to `decide`
 * (its type byte and, for a query or a parse, its SQL), which answers
 * - 'pass': forward it;
 * - 'cut-before': close the client's connection without forwarding it (the server never sees it);
 * - 'cut-after': forward it, close the client's connection at once, and let the server finish it
 *   (its answer is thrown away), as when a connection dies after a COMMIT left the client.
 * `refuseNext()` closes the next new connection before anything is sent on it.
 */
import net from 'node:net';

export type Decision = 'pass' | 'cut-before' | 'cut-after';

/** One message from a client: its type ('Q' query, 'P' parse, …) and its SQL when it has some. */
export interface ClientMessage {
  type: string;
  sql: string;
}

export interface CuttingRelay {
  port: number;
  /** Decides the fate of each message from now on. */
  setRule(decide: (message: ClientMessage) => Decision): void;
  /** Closes the next connection as soon as it opens. */
  refuseNext(): void;
  close(): Promise<void>;
}

/** The SQL of a simple query ('Q') or a Parse ('P') message, else ''. */
function sqlOf(type: string, body: Buffer): string {
  if (type === 'Q') return body.subarray(0, body.indexOf(0)).toString('utf8');
  if (type === 'P') {
    const nameEnd = body.indexOf(0);
    return body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString('utf8');
  }
  return '';
}

/** Starts the relay in front of 127.0.0.1:`port`. */
export async function startCuttingRelay(port: number): Promise<CuttingRelay> {
  let decide: (message: ClientMessage) => Decision = () => 'pass';
  let refuse = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (refuse) {
      refuse = false;
      client.destroy();
      return;
    }
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let buffered = Buffer.alloc(0);
    let started = false;
    let cut = false;
    client.on('data', (chunk) => {
      if (cut) return;
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        // The startup message has no type byte; every later message does.
        const header = started ? 5 : 4;
        if (buffered.length < header) break;
        const length = buffered.readInt32BE(started ? 1 : 0);
        const total = started ? 1 + length : length;
        if (buffered.length < total) break;
        const message = buffered.subarray(0, total);
        buffered = buffered.subarray(total);
        if (!started) {
          // An SSLRequest (code 80877103) is answered with one byte, then the real startup follows.
          if (!(length === 8 && message.readInt32BE(4) === 80877103)) started = true;
          upstream.write(message);
          continue;
        }
        const type = String.fromCharCode(message[0]!);
        const decision = decide({ type, sql: sqlOf(type, message.subarray(5)) });
        if (decision === 'cut-before') {
          cut = true;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(message);
        if (decision === 'cut-after') {
          cut = true;
          // The rest of a pipelined exchange (Bind, Execute, Sync) still goes, so the server runs it.
          if (buffered.length) upstream.write(buffered);
          client.destroy();
          upstream.on('data', () => {});
          setTimeout(() => upstream.destroy(), 500);
          return;
        }
      }
    });
    upstream.on('data', (chunk) => {
      if (!cut) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      if (!cut) upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    setRule(rule) {
      decide = rule;
    },
    refuseNext() {
      refuse = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
