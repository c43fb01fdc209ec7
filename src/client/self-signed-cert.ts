import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSelfSignedCertificate } from '../common/self-signed-certificate';

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
  writeSelfSignedCertificate({ certPath, keyPath }, 7);
  return { cert: readFileSync(certPath), key: readFileSync(keyPath), certPath, keyPath };
}
