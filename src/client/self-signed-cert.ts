import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CertificatePair {
  cert: Buffer;
  key: Buffer;
  certPath: string;
  keyPath: string;
}

/** A throwaway certificate for localhost and 127.0.0.1, made with openssl in a new temp dir. */
export function selfSignedCertificate(): CertificatePair {
  const dir = mkdtempSync(join(tmpdir(), 'render-cli-tls-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '7',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certPath), key: readFileSync(keyPath), certPath, keyPath };
}
