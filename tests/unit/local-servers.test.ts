/**
 * scripts/db.mjs: the WebSocket proxy in front of the local database serves local programs only.
 * A browser always sends `Origin` on a WebSocket, and a DNS-rebinding page reaches the proxy
 * under its own name in `Host`: both are refused before the upgrade. The Neon driver of the
 * functions (Node's WebSocket) sends neither, and still gets through to the database.
 * (The site server's own Host check is tested against the real server in tests/e2e/headers.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebSocketProxy } from '../../scripts/db.mjs';

/** A throwaway TCP server standing in for Postgres: it echoes what it receives. */
let database: net.Server;
let databasePort = 0;
let proxy: { address: string; close: () => Promise<unknown> };
let proxyPort = 0;

beforeAll(async () => {
  database = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => database.listen(0, '127.0.0.1', resolve));
  databasePort = (database.address() as net.AddressInfo).port;
  proxy = await startWebSocketProxy({ allowedPort: databasePort });
  proxyPort = Number(proxy.address.split(':')[1]);
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => database?.close(resolve));
});

/**
 * Sends a WebSocket opening handshake with exactly these extra headers and resolves to the
 * status of the answer: 101 when the upgrade is accepted.
 */
function handshake(headers: Record<string, string>, address = `127.0.0.1:${databasePort}`): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      path: `/v1?address=${address}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('database WebSocket proxy', () => {
  it('accepts a client without Origin that addresses it by its own host', async () => {
    expect(await handshake({ host: `127.0.0.1:${proxyPort}` })).toBe(101);
    expect(await handshake({ host: `localhost:${proxyPort}` })).toBe(101);
  });

  it('refuses a browser: any Origin header gets 403', async () => {
    expect(await handshake({ host: `127.0.0.1:${proxyPort}`, origin: 'http://evil.example' })).toBe(403);
    // Even a page served by the local site itself has no business with the database.
    expect(await handshake({ host: `127.0.0.1:${proxyPort}`, origin: 'http://127.0.0.1:8888' })).toBe(403);
  });

  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    expect(await handshake({ host: 'evil.example' })).toBe(403);
    expect(await handshake({ host: `evil.example:${proxyPort}` })).toBe(403);
    expect(await handshake({ host: `127.0.0.1.nip.io:${proxyPort}` })).toBe(403);
    expect(await handshake({ host: `127.0.0.1:${proxyPort + 1}` })).toBe(403);
  });

  it("pipes Node's own WebSocket (the one the Neon driver uses) through to the database", async () => {
    const socket = new WebSocket(`ws://${proxy.address}/v1?address=127.0.0.1:${databasePort}`);
    socket.binaryType = 'arraybuffer';
    const echoed = await new Promise<string>((resolve, reject) => {
      socket.addEventListener('open', () => socket.send(new TextEncoder().encode('ping')));
      socket.addEventListener('message', (event) => resolve(new TextDecoder().decode(event.data as ArrayBuffer)));
      socket.addEventListener('error', () => reject(new Error('the proxy refused the connection')));
    });
    socket.close();
    expect(echoed).toBe('ping');
  });

  it('still closes a connection to any port but the database', async () => {
    const socket = new WebSocket(`ws://${proxy.address}/v1?address=127.0.0.1:${databasePort + 1}`);
    const code = await new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    expect(code).toBe(1008);
  });
});
