import { execFileSync } from 'node:child_process';

/**
 * Writes a self-signed certificate (ECDSA P-256) for localhost, 127.0.0.1 and ::1
 * with openssl: the service's own when none is configured, the CLI's webhook
 * listener's, and the tests' servers'.
 */
export function writeSelfSignedCertificate(paths: { certPath: string; keyPath: string }, days: number): void {
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1'];
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', paths.keyPath];
  execFileSync('openssl', ['req', '-x509', ...key, '-out', paths.certPath, '-days', String(days), ...subject], { stdio: 'ignore' });
}
