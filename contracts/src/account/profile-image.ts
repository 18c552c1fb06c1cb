/**
 * Where a profile picture may not point: every page that shows a member's picture makes each
 * viewer's browser fetch it, with their cookies and from inside their network. A picture on the
 * site itself would call its own routes as the viewer, and one on a loopback, link-local or
 * private address would probe the viewer's machine or network. Zod-free, for the web app too.
 */
export const PROFILE_IMAGE_HOST_MESSAGE =
  'Profile image URL must not point to this site, to localhost or to a private or local network address.';

/** The URL parser writes IPv4 hosts in dotted decimal, whatever form they were typed in. */
function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0 included
    a === 127 || // loopback
    a === 10 ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) // link-local
  );
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (`::` compressed). */
function ipv6Groups(host: string): number[] | null {
  if (!host.startsWith('[') || !host.endsWith(']')) return null;
  const inner = host.slice(1, -1);
  const [head = '', tail] = inner.split('::') as [string, string | undefined];
  const groups = (text: string) => (text ? text.split(':').map((g) => parseInt(g, 16)) : []);
  const start = groups(head);
  const end = groups(tail ?? '');
  const missing = 8 - start.length - end.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const all = [...start, ...new Array<number>(missing).fill(0), ...end];
  return all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

function privateIpv6(g: number[]): boolean {
  const first = g[0]!;
  const zeroPrefix = g.slice(0, 5).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses reach that IPv4 host;
  // :: and ::1 fall in 0.0.0.0/8 that way.
  if (zeroPrefix && (g[5] === 0xffff || g[5] === 0))
    return privateIpv4([g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff]);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local, fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local, fe80::/10
    (first & 0xffc0) === 0xfec0 // the retired site-local fec0::/10
  );
}

/** A host name as the URL parser gives it, without the trailing dot of a fully qualified name. */
const bare = (host: string) => host.toLowerCase().replace(/\.+$/, '');

/**
 * Whether an absolute URL's host is this site's own (`siteUrl`, any port), `localhost` or a name
 * under it, or a literal loopback, link-local, private or unspecified IP address. Names are not
 * resolved: that would be a request the server makes for the member.
 */
export function isRefusedProfileImageHost(url: string, siteUrl: string): boolean {
  let host: string;
  let site: string;
  try {
    host = bare(new URL(url).hostname);
    site = bare(new URL(siteUrl).hostname);
  } catch {
    return true;
  }
  if (host === '' || host === site || host === 'localhost' || host.endsWith('.localhost'))
    return true;
  const v4 = ipv4(host);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6Groups(host);
  return v6 ? privateIpv6(v6) : false;
}
