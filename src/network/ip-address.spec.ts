import { cidrContains, type ParsedIp, parseCidr, parseIp, unmapIPv4 } from './ip-address';

/** An address the test knows to be valid, parsed. */
function ip(input: string): ParsedIp {
  const parsed = parseIp(input);
  if (!parsed) throw new Error(`${input} did not parse`);
  return parsed;
}

describe('parseIp', () => {
  it('reads IPv4 and every IPv6 spelling to the same number', () => {
    expect(parseIp('1.2.3.4')).toEqual({ version: 4, value: 0x01020304n });
    const expected = { version: 6, value: (0xffffn << 32n) | 0x7f000001n };
    expect(parseIp('::ffff:127.0.0.1')).toEqual(expected);
    expect(parseIp('::ffff:7f00:1')).toEqual(expected);
    expect(parseIp('0:0:0:0:0:ffff:7f00:0001')).toEqual(expected);
    expect(parseIp('[::ffff:7f00:1]')).toEqual(expected);
    expect(parseIp('2001:db8::')).toEqual({ version: 6, value: 0x20010db8n << 96n });
    expect(parseIp('::')).toEqual({ version: 6, value: 0n });
  });

  it('returns null for names and malformed input', () => {
    for (const input of ['example.com', '1.2.3', '1.2.3.256', '::g', '', '1.2.3.4/8']) expect(parseIp(input)).toBeNull();
  });
});

describe('parseCidr and cidrContains', () => {
  it('matches exactly the range', () => {
    const range = parseCidr('172.16.0.0/12');
    if (!range) throw new Error('unparsed');
    expect(cidrContains(range, ip('172.31.255.255'))).toBe(true);
    expect(cidrContains(range, ip('172.32.0.0'))).toBe(false);
    expect(cidrContains(range, ip('::ffff:172.16.0.1'))).toBe(false);
  });

  it('masks host bits and rejects bad prefixes', () => {
    expect(parseCidr('10.1.2.3/8')).toEqual({ version: 4, base: 10n << 24n, prefix: 8 });
    expect(parseCidr('::1')).toEqual({ version: 6, base: 1n, prefix: 128 });
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/x', '10.0.0.0/8/8', 'host/8']) expect(parseCidr(bad)).toBeNull();
  });
});

describe('unmapIPv4', () => {
  it('turns ::ffff:a.b.c.d into a.b.c.d and leaves other addresses alone', () => {
    expect(unmapIPv4(ip('::ffff:10.0.0.1'))).toEqual({ version: 4, value: 0x0a000001n });
    const plain = ip('2001:db8::1');
    expect(unmapIPv4(plain)).toBe(plain);
  });
});
