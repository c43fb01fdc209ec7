import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { type Cidr, cidrContains, parseCidr, parseIp, type ParsedIp, unmapIPv4 } from './ip-address';

/** A URL or address the service must not connect to. */
export class BlockedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

function cidrs(list: string[]): Cidr[] {
  return list.map((text) => {
    const cidr = parseCidr(text);
    if (!cidr) throw new Error(`bad built-in range ${text}`);
    return cidr;
  });
}

/**
 * Special-purpose IPv4 ranges (IANA registry): none of them is a public
 * Internet host a media URL or webhook could legitimately point at.
 */
const BLOCKED_V4 = cidrs([
  '0.0.0.0/8', // "this network", includes the unspecified address
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved and broadcast
]);

/** Only global unicast IPv6 is reachable; inside it, these ranges are special or tunnel to IPv4. */
const GLOBAL_V6 = cidrs(['2000::/3'])[0];
const BLOCKED_V6 = cidrs([
  '2001::/23', // IETF protocol assignments, Teredo
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4 tunnels to any IPv4 address
  '3fff::/20', // documentation
]);
/** NAT64 well-known prefix: safe exactly when the IPv4 address inside it is. */
const NAT64 = cidrs(['64:ff9b::/96'])[0];

function isPublic(ip: ParsedIp): boolean {
  if (ip.version === 4) return !BLOCKED_V4.some((range) => cidrContains(range, ip));
  if (cidrContains(NAT64, ip)) return isPublic({ version: 4, value: ip.value & 0xffffffffn });
  return cidrContains(GLOBAL_V6, ip) && !BLOCKED_V6.some((range) => cidrContains(range, ip));
}

function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * Decides which addresses the service may connect to: public unicast only,
 * unless the operator allow-lists a host name or range (NETWORK_ALLOWLIST).
 * `lookup` is meant for `http.request({ lookup })`, so the socket connects to
 * exactly the addresses that were checked (no DNS-rebinding window).
 */
export class SsrfGuard {
  private readonly allowedHosts = new Set<string>();
  private readonly allowedRanges: Cidr[] = [];

  constructor(allowlist: string[]) {
    for (const entry of allowlist.map((item) => item.trim()).filter(Boolean)) {
      const range = parseCidr(entry);
      if (range) this.allowedRanges.push(range);
      else if (/^[a-z0-9.-]+$/i.test(entry)) this.allowedHosts.add(normalizeHost(entry));
      else throw new Error(`NETWORK_ALLOWLIST entry ${JSON.stringify(entry)} is neither a host name nor an IP/CIDR`);
    }
  }

  /** True when a connection to this literal address is allowed; false for blocked or non-IP input. */
  checkAddress(address: string): boolean {
    const parsed = parseIp(address);
    if (!parsed) return false;
    const ip = unmapIPv4(parsed);
    if (this.allowedRanges.some((range) => cidrContains(range, ip) || cidrContains(range, parsed))) return true;
    // A mapped address that survived unmapping with a public IPv4 inside is still refused: the
    // issue asks for mapped forms to be refused outright, and no real host needs them.
    return ip === parsed && isPublic(ip);
  }

  isHostAllowListed(host: string): boolean {
    return this.allowedHosts.has(normalizeHost(host));
  }

  /**
   * Why a URL can never be fetched, decided without DNS (it names a private,
   * loopback or link-local address, or `localhost`, not allow-listed); null
   * when it may be (host names are resolved and checked when fetched) or is no
   * URL at all (which validation reports).
   */
  refusalWithoutDns(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (this.isHostAllowListed(host)) return null;
    if (parseIp(host)) {
      return this.checkAddress(host) ? null : `must not point at a private, loopback or link-local address (${host}) unless it is allow-listed`;
    }
    const name = normalizeHost(host);
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return this.checkAddress('127.0.0.1') ? null : 'must not point at localhost unless it is allow-listed';
    }
    return null;
  }

  /** Scheme and literal-address check, plus an early DNS check for a clear message before connecting. */
  async assertUrlAllowed(url: URL): Promise<void> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BlockedAddressError(`only http and https URLs are allowed, not ${url.protocol.replace(/:$/, '')}`);
    }
    const host = url.hostname;
    if (parseIp(host)) {
      if (!this.checkAddress(host)) throw new BlockedAddressError(`address ${host} is not allowed (private or reserved)`);
      return;
    }
    if (this.isHostAllowListed(host)) return;
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
    this.assertResolved(host, addresses);
  }

  private assertResolved(host: string, addresses: LookupAddress[]): void {
    if (addresses.length === 0) throw new BlockedAddressError(`${host} did not resolve to any address`);
    const refused = addresses.find((entry) => !this.checkAddress(entry.address));
    if (refused) {
      // The address stays out of the message (clients read it); the log has the error object.
      throw Object.assign(new BlockedAddressError(`${host} resolves to a private or reserved address, which is not allowed`), { address: refused.address });
    }
  }

  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { all: true, family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      try {
        if (!this.isHostAllowListed(hostname)) this.assertResolved(hostname, addresses);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      // net asks for `all` when it races IPv4 and IPv6 (autoSelectFamily).
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
