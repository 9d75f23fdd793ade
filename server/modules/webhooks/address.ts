import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent unless WEBHOOKS_ALLOW_PRIVATE is set (decisions 027 and 036): a
 * public unicast address, never this machine, its networks or the cloud's metadata service.
 *
 * The special ranges are ipaddr.js's, which follow the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries (loopback, private, shared and link-local space, documentation,
 * benchmarking, multicast, reserved, NAT64, 6to4, Teredo, ORCHID, …); an address in none of them
 * is `unicast`. Two rules are ours:
 * - An IPv6 address that stands for an IPv4 one (IPv4-mapped `::ffff:a.b.c.d`, its SIIT form
 *   `::ffff:0:a.b.c.d`, and NAT64's well-known prefix `64:ff9b::/96`, which DNS64 gives names
 *   that only have an IPv4 address) is judged as that IPv4 address: `[64:ff9b::a9fe:a9fe]`
 *   reaches 169.254.169.254 through a NAT64 gateway. Every other special range is refused
 *   whole, 6to4 and Teredo (whose tunnels are deprecated) included.
 * - IPv6 outside `2000::/3`, the only block IANA allocates for global unicast, is refused: the
 *   IPv4-compatible form `::a.b.c.d` (`[::7f00:1]`) and the unallocated space are in no
 *   special-purpose registry, and are no public address either.
 */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const CARRIES_IPV4 = new Set(['ipv4Mapped', 'rfc6145']);

/** The IPv4 address an IPv6 address stands for, if it is one of the translation forms. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (!CARRIES_IPV4.has(address.range()) && !address.match(NAT64_WELL_KNOWN)) return null;
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

/** True for an address a webhook may reach: public unicast, IPv4 or IPv6. */
export function isPublicAddress(text: string): boolean {
  const family = isIP(text);
  if (family === 0) return false;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** `localhost` and its subdomains name this machine whatever DNS says (RFC 6761). */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/** The host of a URL as an address or a name: IPv6 literals lose their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export class RefusedAddressError extends Error {}

const refusal = (host: string, address: string) =>
  new RefusedAddressError(
    `refused: ${host} resolves to ${address}, a private, loopback, link-local or otherwise reserved address (set WEBHOOKS_ALLOW_PRIVATE=true to allow)`,
  );

/** Refuses a host that is itself a non-public address or a local name (no DNS lookup is made). */
export function checkLiteralHost(hostname: string, allowPrivate: boolean): void {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return;
  if (isIP(host) && !isPublicAddress(host)) throw refusal(host, host);
  if (isLocalName(host)) throw refusal(host, 'this machine');
}

/**
 * A `lookup` for the HTTP request: resolves the name and refuses it if any of its addresses is
 * not public, so the connection goes to the address checked (no second lookup to rebind).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(refusal(hostname, bad.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** How long an endpoint's address may take to resolve when it is added or changed. */
export const CREATION_LOOKUP_TIMEOUT_MS = 3000;

/**
 * The first non-public address a webhook URL leads to, checked when an endpoint is added or
 * changed; null when none is found. A literal address or a local name is judged as it is; a
 * name is resolved and every address it has is checked. A name that does not resolve (yet), or
 * not in time, is let through: names change, and each delivery checks again, after its own
 * lookup, the address it connects to.
 */
export async function findNonPublicAddress(url: string): Promise<string | null> {
  const host = hostOf(new URL(url));
  if (isIP(host)) return isPublicAddress(host) ? null : host;
  if (isLocalName(host)) return host;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LookupAddress[]>((resolve) => {
    timer = setTimeout(() => resolve([]), CREATION_LOOKUP_TIMEOUT_MS);
  });
  const resolved = new Promise<LookupAddress[]>((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => resolve(error ? [] : addresses));
  });
  try {
    const addresses = await Promise.race([resolved, timeout]);
    return addresses.find((a) => !isPublicAddress(a.address))?.address ?? null;
  } finally {
    clearTimeout(timer);
  }
}
