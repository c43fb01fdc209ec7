import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { writeSelfSignedCertificate } from '../common/self-signed-certificate';

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
      writeSelfSignedCertificate({ certPath, keyPath }, 825);
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
