import { BlockedAddressError, SsrfGuard } from './ssrf-guard';

describe('SsrfGuard.checkAddress', () => {
  const guard = new SsrfGuard([]);

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback /8'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918 end'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public (mapped forms are refused outright)'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:7f00:1::1', '6to4'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'bracketed'],
    ['localhost', 'not an IP at all'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(guard.checkAddress(address)).toBe(false);
  });

  it.each([['8.8.8.8'], ['1.1.1.1'], ['172.32.0.1'], ['100.128.0.1'], ['2606:4700:4700::1111'], ['64:ff9b::808:808']])('allows public %s', (address) => {
    expect(guard.checkAddress(address)).toBe(true);
  });
});

describe('SsrfGuard allow-list', () => {
  it('opens single addresses and CIDR ranges, v4 and v6, and nothing next to them', () => {
    const guard = new SsrfGuard(['127.0.0.1', '10.20.0.0/16', 'fd00:1::/32']);
    expect(guard.checkAddress('127.0.0.1')).toBe(true);
    expect(guard.checkAddress('::ffff:127.0.0.1')).toBe(true);
    expect(guard.checkAddress('127.0.0.2')).toBe(false);
    expect(guard.checkAddress('10.20.255.255')).toBe(true);
    expect(guard.checkAddress('10.21.0.0')).toBe(false);
    expect(guard.checkAddress('fd00:1:ffff::1')).toBe(true);
    expect(guard.checkAddress('fd00:2::1')).toBe(false);
  });

  it('opens an allow-listed host name whatever it resolves to', async () => {
    const guard = new SsrfGuard(['LocalHost']);
    await expect(guard.assertUrlAllowed(new URL('http://localhost:1/'))).resolves.toBeUndefined();
    await expect(guard.assertUrlAllowed(new URL('http://127.0.0.1:1/'))).rejects.toThrow(BlockedAddressError);
  });

  it('rejects entries that are neither host nor range', () => {
    expect(() => new SsrfGuard(['10.0.0.0/40'])).toThrow(/NETWORK_ALLOWLIST/);
    expect(() => new SsrfGuard(['http://x'])).toThrow(/NETWORK_ALLOWLIST/);
  });
});

describe('SsrfGuard.assertUrlAllowed', () => {
  const guard = new SsrfGuard([]);

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]:8443/',
    'http://localhost/',
  ])('refuses %s', async (url) => {
    await expect(guard.assertUrlAllowed(new URL(url))).rejects.toThrow(BlockedAddressError);
  });

  it.each(['file:///etc/passwd', 'ftp://8.8.8.8/x', 'gopher://8.8.8.8/', 'data:text/plain,hi'])('refuses the scheme of %s', async (url) => {
    await expect(guard.assertUrlAllowed(new URL(url))).rejects.toThrow(/only http and https/);
  });

  it('allows a public literal address', async () => {
    await expect(guard.assertUrlAllowed(new URL('https://8.8.8.8/x.mp4'))).resolves.toBeUndefined();
  });
});

describe('SsrfGuard.lookup', () => {
  const resolveWith = (guard: SsrfGuard, host: string, all: boolean) =>
    new Promise<unknown>((resolve, reject) => guard.lookup(host, { all }, (error, address) => (error ? reject(error) : resolve(address))));

  it('refuses a name that resolves to loopback unless allow-listed', async () => {
    await expect(resolveWith(new SsrfGuard([]), 'localhost', false)).rejects.toMatchObject({
      message: expect.stringMatching(/resolves to a private or reserved address/),
      address: '127.0.0.1',
    });
    await expect(resolveWith(new SsrfGuard(['127.0.0.1']), 'localhost', false)).resolves.toBe('127.0.0.1');
  });

  it('answers in the list form when net asks for all addresses', async () => {
    await expect(resolveWith(new SsrfGuard(['127.0.0.0/8']), 'localhost', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
