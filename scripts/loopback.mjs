// The local servers (the site in server.mjs, the database proxy in db.mjs) listen on a loopback
// address only, but a page on another site can still reach them from the developer's browser:
// it points its own name at 127.0.0.1 (DNS rebinding) and then talks to them as its own origin.
// Such a request carries the page's name in Host, so each server answers only its own.

/**
 * The Host values a server bound to `host`:`port` answers: that address and, when it is a
 * loopback address, `localhost` on the same port (which resolves to it). Lower-cased.
 */
export function loopbackHosts(host, port) {
  const bound = `${host.includes(':') ? `[${host}]` : host}:${port}`.toLowerCase();
  const hosts = new Set([bound]);
  if (host === '127.0.0.1' || host === '::1') hosts.add(`localhost:${port}`);
  return hosts;
}

/** True when the request's Host header is one of `hosts` (compared without regard to case). */
export function hostAllowed(headers, hosts) {
  const host = headers.host;
  return typeof host === 'string' && hosts.has(host.toLowerCase());
}
