import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  certPath: string;
  fingerprint256: string;
  generated: boolean;
}

/**
 * The certificate the API serves: TLS_CERT/TLS_KEY when given, else a
 * self-signed one for localhost made once in DATA_DIR (clients trust it with
 * `--cacert`). Returns null behind a TLS-terminating proxy (TRUST_PROXY).
 */
export function loadTls(config: AppConfig): TlsMaterial | null {
  if (config.trustProxy && !config.tlsCert) return null;
  let certPath = config.tlsCert;
  let keyPath = config.tlsKey;
  let generated = false;
  if (!certPath || !keyPath) {
    const dir = join(config.dataDir, 'tls');
    certPath = join(dir, 'localhost.crt');
    keyPath = join(dir, 'localhost.key');
    if (!existsSync(certPath) || !existsSync(keyPath)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          keyPath,
          '-out',
          certPath,
          '-days',
          '825',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        ],
        { stdio: 'ignore' },
      );
      generated = true;
    }
  }
  const cert = readFileSync(certPath);
  return {
    cert,
    key: readFileSync(keyPath),
    certPath,
    fingerprint256: new X509Certificate(cert).fingerprint256,
    generated,
  };
}
