import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhookConfig } from '../config.js';

/*
 * Where a webhook may go: an https URL (http only where the configuration allows it outside production) whose host
 * is, and resolves to, public addresses only. Checked when an endpoint is saved and again before every request, on
 * the addresses the request then connects to (the sender hands them to the connection itself: no second lookup an
 * attacker's DNS could answer differently).
 */

/** Private, shared, loopback, link-local, documentation, multicast and other reserved ranges (IANA registries). */
const RESERVED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Why an address or URL is refused (the error code the console shows). */
export type AddressRefusal = 'WEBHOOK_URL_INVALID' | 'WEBHOOK_URL_NOT_HTTPS' | 'WEBHOOK_ADDRESS_NOT_PUBLIC';

type AddressRules = Pick<WebhookConfig, 'allowHttp' | 'allowLoopback'>;

/** Whether a webhook may connect to this IP address. */
export function isAllowedAddress(address: string, rules: AddressRules): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return rules.allowLoopback;
  return !RESERVED.check(address, type);
}

/** The URL's form: absolute, https (or allowed http), no credentials in it. Null when it may be used. */
export function urlRefusal(raw: string, rules: AddressRules): { refusal: AddressRefusal } | { url: URL } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: 'WEBHOOK_URL_INVALID' };
  }
  if (url.username || url.password || url.hostname === '') return { refusal: 'WEBHOOK_URL_INVALID' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp)) {
    return { refusal: url.protocol === 'http:' ? 'WEBHOOK_URL_NOT_HTTPS' : 'WEBHOOK_URL_INVALID' };
  }
  return { url };
}

/** The host of a URL without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export interface ResolvedTarget {
  url: URL;
  /** The address the request connects to, checked. */
  address: string;
  family: 4 | 6;
}

/**
 * The URL checked and its host resolved: every address it resolves to must be allowed (one reserved address refuses
 * the host, so a name that answers both cannot slip through on a second lookup).
 */
export async function resolveTarget(
  raw: string,
  rules: AddressRules,
): Promise<{ refusal: AddressRefusal } | ResolvedTarget> {
  const checked = urlRefusal(raw, rules);
  if ('refusal' in checked) return checked;
  const host = hostOf(checked.url);
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return { refusal: 'WEBHOOK_URL_INVALID' };
    }
  }
  if (addresses.length === 0 || !addresses.every(({ address }) => isAllowedAddress(address, rules))) {
    return { refusal: 'WEBHOOK_ADDRESS_NOT_PUBLIC' };
  }
  const [first] = addresses;
  return { url: checked.url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
