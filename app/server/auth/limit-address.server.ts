import { isIP } from 'node:net';

/**
 * The client address as the rate limits count it (ADR 133): an IPv4 address as it is (an IPv4-mapped
 * IPv6 one, `::ffff:a.b.c.d`, as its IPv4 address), an IPv6 address by its /64 network. One IPv6
 * subscriber, home line or server is given a whole /64 and can send from any of its 2^64 addresses: a
 * per-address limit kept per /128 is no limit at all. The audit log keeps the full address.
 */
export function limitAddress(address: string | null): string {
  if (!address) return 'unknown';
  const ip = address.split('%')[0] ?? '';
  if (isIP(ip) === 4) return ip;
  if (isIP(ip) !== 6) return address;
  const groups = ipv6Groups(ip.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const parts = (text: string) =>
    text
      ? text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const first = parts(head);
  if (tail === undefined) return first;
  const last = parts(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** The rate-limit key of a client address for one limit (`board`, `search`, `login`…), by `limitAddress`. */
export function addressLimitKey(limit: string, address: string | null): string {
  return `${limit}:address:${limitAddress(address)}`;
}
