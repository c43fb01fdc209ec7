import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Where the first start leaves its development key when stdout is not a terminal. */
export const DEVELOPMENT_KEY_FILE = 'development-api-key';

export interface KeyHandOver {
  dataDir: string;
  /** Whether stdout is a terminal (a person reads it) rather than a log stream. */
  terminal: boolean;
  certPath: string;
  apiUrl: string;
}

/**
 * Hands the first start's development key over, and returns the start banner's
 * lines about it. On a terminal the key is printed. Otherwise stdout is a log
 * stream (a container's, systemd's, CI's) that others read and keep: the key
 * goes to a file in DATA_DIR that only the service's user may read, and the
 * banner names the file, never the key.
 */
export function handOverDevelopmentKey(key: string, where: KeyHandOver): string[] {
  const curl = (bearer: string) => `  Try: curl --cacert ${where.certPath} -H "Authorization: Bearer ${bearer}" ${where.apiUrl}/v3/models`;
  if (where.terminal) return [`Development API key (shown once; stored only as a hash): ${key}`, curl(key)];
  const path = join(where.dataDir, DEVELOPMENT_KEY_FILE);
  // Made anew, never through whatever was left at the path.
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, `${key}\n`);
  } finally {
    closeSync(fd);
  }
  return [`Development API key (stored only as a hash) written to ${path} (readable by this user only; delete it once read)`, curl(`$(cat ${path})`)];
}
