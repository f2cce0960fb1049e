/**
 * The caller's network address, as the limits and the security log see it. Pure string work.
 * - Limits count an IPv6 client by its /64: one home or phone gets a whole /64 and can take a
 *   new address from it at will, so a full address would let one attacker look like millions.
 * - A few limits also count the wider network: IPv6 by its /48, which one customer may hold whole.
 * - The security log keeps less: IPv4 by its /24, IPv6 by its /48 (enough to tell a network).
 */
import type { Context } from '@netlify/functions';

/** The caller's address as Netlify reports it (from the connection, never from what the client claims). */
export function clientIp(req: Request, context: Context | undefined): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

/** The 8 groups of an IPv6 address (as numbers), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return null;
  let text = bare;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':') : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as plain IPv4; anything else unchanged. */
function unmapped(address: string): string {
  const groups = ipv6Groups(address);
  if (groups && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return address.trim();
}

/** The first `bits` (a multiple of 16) of an IPv6 address as a prefix, e.g. `2001:db8:1:2::/64`. */
function ipv6Prefix(groups: number[], bits: number): string {
  const kept = groups.slice(0, bits / 16).map((g) => g.toString(16));
  return `${kept.join(':')}::/${bits}`;
}

/** The key under which limits count this client: IPv4 as it is, IPv6 by its /64. */
export function limitKeyOf(address: string): string {
  const plain = unmapped(address);
  const groups = ipv6Groups(plain);
  return groups ? ipv6Prefix(groups, 64) : plain || 'unknown';
}

/** The client's wider network as some limits count it: IPv6 by its /48 (one customer's many /64s), IPv4 as it is. */
export function networkKeyOf(address: string): string {
  const plain = unmapped(address);
  const groups = ipv6Groups(plain);
  return groups ? ipv6Prefix(groups, 48) : plain || 'unknown';
}

/** The client as the security log keeps it: IPv4 by its /24, IPv6 by its /48. */
export function truncatedAddress(address: string): string {
  const plain = unmapped(address);
  const groups = ipv6Groups(plain);
  if (groups) return ipv6Prefix(groups, 48);
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(plain);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : 'unknown';
}

/** The networks a client belongs to, narrowest first, as the limits on lookups that find nothing count them. */
export interface Networks {
  /** The client itself: an IPv4 address, an IPv6 /64 (as limitKeyOf). */
  address: string;
  /** Its site: an IPv4 /24, an IPv6 /48 (what one customer or office is usually given). */
  site: string;
  /** Its provider's block: an IPv4 /16, an IPv6 /32 (what a provider is usually given). */
  provider: string;
}

/** The networks of `address` (see Networks); an address that cannot be read is 'unknown' at every width. */
export function networksOf(address: string): Networks {
  const plain = unmapped(address);
  const groups = ipv6Groups(plain);
  if (groups) return { address: ipv6Prefix(groups, 64), site: ipv6Prefix(groups, 48), provider: ipv6Prefix(groups, 32) };
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(plain);
  if (!v4) return { address: plain || 'unknown', site: 'unknown', provider: 'unknown' };
  return { address: plain, site: `${v4[1]}.${v4[2]}.${v4[3]}.0/24`, provider: `${v4[1]}.${v4[2]}.0.0/16` };
}
