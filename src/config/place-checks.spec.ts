import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeProblems } from './place-checks';

describe('placeProblems', () => {
  const dir = mkdtempSync(join(tmpdir(), 'place-checks-'));
  const pem = join(dir, 'cert.pem');
  writeFileSync(pem, '-----BEGIN CERTIFICATE-----\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const none = { role: 'all' as const, host: '0.0.0.0', tlsCert: null, tlsKey: null, webhookCaFile: null };

  it('accepts IP addresses, host names and readable files', () => {
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'render.example.com', 'node-2'])
      expect([host, placeProblems({ ...none, host })]).toEqual([host, []]);
    expect(placeProblems({ ...none, tlsCert: pem, tlsKey: pem, webhookCaFile: pem })).toEqual([]);
  });

  it('names HOST when it is neither an address nor a name (all-digit labels must be an IPv4 address)', () => {
    for (const host of ['999.1.1.1', '1.2.3', 'bad host', '-x.example', 'a_b']) {
      expect(placeProblems({ ...none, host })).toEqual([
        `HOST=${JSON.stringify(host)} is not accepted; use an IP address (0.0.0.0, 127.0.0.1, ::) or a host name`,
      ]);
    }
  });

  it('names each PEM file variable whose file cannot be read', () => {
    expect(placeProblems({ ...none, tlsCert: join(dir, 'missing.crt'), tlsKey: pem, webhookCaFile: dir })).toEqual([
      `TLS_CERT=${JSON.stringify(join(dir, 'missing.crt'))} cannot be read (no such file)`,
      `WEBHOOK_CA_FILE=${JSON.stringify(dir)} is not a file`,
    ]);
  });

  it('checks only what the role reads: the API its certificate and HOST, a worker the extra CA', () => {
    const missing = join(dir, 'missing.pem');
    const everything = { host: 'bad host', tlsCert: missing, tlsKey: missing, webhookCaFile: missing };
    expect(placeProblems({ ...everything, role: 'worker' }).map((p) => p.split('=')[0])).toEqual(['WEBHOOK_CA_FILE']);
    expect(placeProblems({ ...everything, role: 'api' }).map((p) => p.split('=')[0])).toEqual(['HOST', 'TLS_CERT', 'TLS_KEY']);
  });
});
