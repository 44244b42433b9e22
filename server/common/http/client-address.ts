/**
 * The key per-client rate limits count a caller under, derived once per request from its address
 * (after TRUST_PROXY). One client must not get a fresh allowance by writing its address another way
 * (`2001:DB8::1`, `2001:0db8:0::1`, `[2001:db8::1]:443`, `2001:db8::1%eth0`, `::ffff:192.0.2.1`,
 * `192.000.002.001`), nor by moving through its IPv6 network: a provider gives one home or phone a /64
 * (often more), so an IPv6 client is its /64, as an IPv4 client is its one address.
 */

/** Every address that cannot be read shares one allowance: garbage must not be a fresh key each time. */
export const UNREADABLE_CLIENT = 'unreadable';

/** Four decimal numbers up to 255, leading zeros allowed; `a.b.c.d` in canonical form, or undefined. */
function ipv4Of(text: string): string | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number).join('.');
}

/** The eight 16-bit groups of an IPv6 address (read by the URL parser, which knows every form), or undefined. */
function ipv6GroupsOf(text: string): number[] | undefined {
  let hostname: string;
  try {
    hostname = new URL(`http://[${text}]/`).hostname;
  } catch {
    return undefined;
  }
  // The URL parser writes the canonical form: lower-case hex, no leading zeros, one `::`, no dotted tail.
  const [head, tail] = hostname.slice(1, -1).split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 ? groups : undefined;
}

/** Brackets, a port and a zone (`%eth0`) name no other client: they are dropped. */
function bareAddressOf(raw: string): string {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const zone = text.indexOf('%');
  return zone === -1 ? text : text.slice(0, zone);
}

/**
 * The keys of the addresses seen last, so a client's next requests do not read its address again (a few regular
 * expressions, a URL for IPv6: about 1 % of a lookup's CPU). Bounded: only address-sized texts are kept, and the map is
 * cleared when full, so addresses made up by the thousand cannot grow it.
 */
const recentKeys = new Map<string, string>();
const RECENT_KEYS = 1000;
/** Longer than any address in any notation (a bracketed IPv6 with a zone and a port). */
const LONGEST_ADDRESS = 80;

/** `a.b.c.d` for an IPv4 client (also when written IPv4-mapped), `xxxx:xxxx:xxxx:xxxx::/64` for IPv6. */
export function clientKeyOf(address: string | undefined): string {
  if (address === undefined) return UNREADABLE_CLIENT;
  let key = recentKeys.get(address);
  if (key === undefined) {
    key = readClientKey(address);
    if (address.length > LONGEST_ADDRESS) return key;
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(address, key);
  }
  return key;
}

function readClientKey(address: string): string {
  const bare = bareAddressOf(address);
  const ipv4 = ipv4Of(bare);
  if (ipv4 !== undefined) return ipv4;
  const groups = ipv6GroupsOf(bare);
  if (groups === undefined) return UNREADABLE_CLIENT;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket or written so by a proxy.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  const network = new URL(
    `http://[${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::]/`,
  ).hostname;
  return `${network.slice(1, -1)}/64`;
}
