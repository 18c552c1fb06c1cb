import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail is two). */
function groupsOf(address: string): string[] {
  const [head = '', tail] = address.split('::', 2);
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const withIpv4 = (groups: string[]) => {
    const last = groups.at(-1);
    if (!last || !isIPv4(last)) return groups;
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const left = withIpv4(part(head));
  if (tail === undefined) return left;
  const right = withIpv4(part(tail));
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * Who counts as one client for the per-client caps (connections, live streams): an IPv4
 * address as it is; an IPv6 address by its /64, since one subscriber is routinely handed a whole
 * /64 and could otherwise be a new client at every address in it; an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, how a dual-stack socket shows an IPv4 peer) as the IPv4 address.
 */
export function clientKeyOf(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const prefix = groupsOf(bare.toLowerCase())
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
