import { isIP } from 'node:net';

/**
 * Which peers may say who the client is with `X-Forwarded-For` (decision 038).
 *
 * - `false`: nobody; the client is the connection's peer.
 * - `{ hops: n }`: the n nearest peers are proxies, each appending the address it saw; the
 *   client is the n-th address from the right of the socket's peer and the header. What a
 *   client writes into the header itself stays left of that, so it is never believed.
 * - `{ addresses }`: peers at these addresses or networks are proxies; the client is the
 *   nearest address outside them. A client that reaches the server directly cannot choose its
 *   address either, since its own address is not a proxy's.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Names the proxy-address matcher knows for the usual private ranges. */
const NETWORK_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MAX_HOPS = 10;

function isAddressOrNetwork(entry: string): boolean {
  if (NETWORK_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: `false` (or `0`, or nothing), `true` (one proxy: the same as `1`), a
 * number of proxies from 1 to 10, or addresses and networks separated by commas
 * (`10.0.0.0/8, 192.0.2.7, loopback`). Answers the setting, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return { problem: `TRUST_PROXY: at most ${MAX_HOPS} proxies in a row` };
    return { hops };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (wrong.length > 0) {
    return {
      problem: `TRUST_PROXY: "${wrong.join('", "')}" is not an IP address or network (such as 10.0.0.0/8); use false, true, a number of proxies, or addresses separated by commas`,
    };
  }
  return { addresses: entries };
}

/**
 * The `trustProxy` option of Fastify for a setting. Fastify itself trusts nobody when given a
 * number (it cannot tell the nearest peer from a client), so hops are counted here: of the
 * socket's peer (index 0) and the header's entries from the right, the first `hops` are proxies.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, index: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, index) => index < hops;
  }
  return setting.addresses;
}
