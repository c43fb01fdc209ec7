import { isIPv4, isIPv6 } from 'node:net';

/** An address as a number, so ranges are plain integer comparisons. */
export interface ParsedIp {
  version: 4 | 6;
  value: bigint;
}

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIPv4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseIPv6(text: string): bigint {
  let body = text;
  let tail: bigint[] = [];
  const lastColon = body.lastIndexOf(':');
  const maybeV4 = body.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseIPv4(maybeV4);
    tail = [v4 >> 16n, v4 & 0xffffn];
    body = body.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = body.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups].map((group) => BigInt(parseInt(group, 16)));
  if (tail.length === 2) groups.splice(6, 2, ...tail);
  return groups.reduce((acc, group) => (acc << 16n) | group, 0n);
}

/** Parses a literal IPv4 or IPv6 address (brackets and zone ids allowed); null for anything else. */
export function parseIp(input: string): ParsedIp | null {
  const text = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(text)) return { version: 4, value: parseIPv4(text) };
  if (isIPv6(text)) return { version: 6, value: parseIPv6(text) };
  return null;
}

/** Parses `10.0.0.0/8`, `fd00::/8` or a bare address (a /32 or /128). */
export function parseCidr(input: string): Cidr | null {
  const [address, prefixText, extra] = input.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const bits = BITS[ip.version];
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return null;
  const shift = BigInt(bits - prefix);
  return { version: ip.version, base: (ip.value >> shift) << shift, prefix };
}

export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  if (cidr.version !== ip.version) return false;
  const shift = BigInt(BITS[ip.version] - cidr.prefix);
  return ip.value >> shift === cidr.base >> shift;
}

const MAPPED_V4 = parseCidr('::ffff:0:0/96') as Cidr;

/** `::ffff:a.b.c.d` is the IPv4 address a.b.c.d on a dual-stack socket. */
export function unmapIPv4(ip: ParsedIp): ParsedIp {
  return cidrContains(MAPPED_V4, ip) ? { version: 4, value: ip.value & 0xffffffffn } : ip;
}
