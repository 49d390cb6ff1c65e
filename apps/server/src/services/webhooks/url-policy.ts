import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { invalidInput, type Refusal } from '../refusal.js';

/** Resolves a host name to its addresses (injectable for tests). */
export type HostResolver = (host: string) => Promise<string[]>;

/** Every A and AAAA address of `host`, through the system resolver. */
export const systemResolver: HostResolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why an IP address may not receive webhooks, or null when it is public
 * unicast. Everything ipaddr.js does not classify as `unicast` is refused:
 * loopback, private (RFC 1918), link-local (incl. 169.254.169.254 cloud
 * metadata), CGNAT (100.64/10), multicast, unspecified, broadcast, reserved,
 * IPv6 unique-local (fc00::/7) and link-local (fe80::/10); IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry.
 *
 * @param address - an IPv4 or IPv6 literal (no brackets)
 * @returns the ipaddr.js range name, or null when allowed
 */
export function forbiddenRange(address: string): string | null {
  const parsed = ipaddr.parse(address);
  const judged = parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  const range = judged.range();
  return range === 'unicast' ? null : range;
}

function refuse(message: string): Refusal {
  return invalidInput([{ field: 'webhookUrl', message }]);
}

/**
 * Checks that a webhook URL may be called: http(s), no credentials, and
 * (unless `allowPrivate`) a host that is not `localhost` and whose every
 * resolved address is public unicast ({@link forbiddenRange}). The delivery
 * repeats the address check at connect time (request-filtering-agent), so a
 * DNS answer that changes later is refused too.
 *
 * @param url - the `webhookUrl` of a request (already an absolute URL per the schema)
 * @param options - `allowPrivate` skips the address checks; `resolve` for tests
 * @throws Refusal 400 `invalid_request` naming `webhookUrl`
 */
export async function checkWebhookUrl(url: string, options: { allowPrivate: boolean; resolve?: HostResolver }): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse('webhookUrl must be an absolute http:// or https:// URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw refuse('webhookUrl must use http or https');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw refuse('webhookUrl must not contain credentials');
  }
  if (options.allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw refuse('webhookUrl must not point to localhost');
  }
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw refuse(`webhookUrl host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw refuse(`webhookUrl host ${host} could not be resolved`);
  }
  for (const address of addresses) {
    const range = forbiddenRange(address);
    if (range !== null) {
      throw refuse(`webhookUrl must not point to a ${range} address (${address}); only public addresses receive webhooks`);
    }
  }
}
