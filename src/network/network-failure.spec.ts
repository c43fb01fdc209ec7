import { NetworkTimeoutError } from './guarded-http';
import { networkFailureText } from './network-failure';
import { BlockedAddressError } from './ssrf-guard';

const nodeError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('networkFailureText', () => {
  it('says what kind of failure it was without the addresses in the raw error', () => {
    const cases: Array<[Error, RegExp]> = [
      [nodeError('ECONNREFUSED', 'connect ECONNREFUSED 10.20.30.40:443'), /refused the connection/],
      [nodeError('ENOTFOUND', 'getaddrinfo ENOTFOUND media.internal.corp'), /does not resolve/],
      [nodeError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: IP: 10.1.1.1"), /does not name this host/],
      [nodeError('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number at 172.16.0.9'), /TLS handshake failed/],
      [nodeError('EWHATEVER', 'something at 192.168.1.1:8080'), /^the connection failed$/],
      [Object.assign(nodeError('ABORT_ERR', 'The operation was aborted at 10.0.0.7'), { name: 'AbortError' }), /aborted \(timed out or cancelled\)/],
      [Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }), /^the request timed out$/],
    ];
    for (const [error, expected] of cases) {
      const text = networkFailureText(error);
      expect(text).toMatch(expected);
      expect(text).not.toMatch(/\d+\.\d+\.\d+\.\d+|internal\.corp/);
    }
  });

  it("keeps the service's own messages, written for clients", () => {
    expect(networkFailureText(new NetworkTimeoutError('read', 'https://m.example/a.mp4', 5_000))).toBe(
      'reading from https://m.example/a.mp4 timed out after 5000 ms',
    );
    expect(networkFailureText(new BlockedAddressError('m.example resolves to a private or reserved address, which is not allowed'))).toMatch(
      /private or reserved/,
    );
  });
});
