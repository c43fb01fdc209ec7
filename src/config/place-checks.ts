import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';

interface Places {
  role: 'all' | 'api' | 'worker';
  host: string;
  tlsCert: string | null;
  tlsKey: string | null;
  webhookCaFile: string | null;
}

/**
 * What stops the process from listening on HOST or reading the PEM files its role reads (the API its certificate,
 * a worker the extra CA), one line each, each naming its variable.
 */
export function placeProblems(config: Places): string[] {
  const serves = config.role !== 'worker';
  const files: Array<[string, string | null]> = [
    ['TLS_CERT', serves ? config.tlsCert : null],
    ['TLS_KEY', serves ? config.tlsKey : null],
    ['WEBHOOK_CA_FILE', config.role === 'api' ? null : config.webhookCaFile],
  ];
  const problems = [serves ? hostProblem(config.host) : null, ...files.map(([name, path]) => unreadableFileProblem(name, path))];
  return problems.filter((problem): problem is string => problem !== null);
}

/** Why `path`, the value of the variable `name`, cannot serve as a file the process reads; null when it can. */
function unreadableFileProblem(name: string, path: string | null): string | null {
  if (path === null) return null;
  try {
    if (!statSync(path).isFile()) return `${name}=${JSON.stringify(path)} is not a file`;
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${name}=${JSON.stringify(path)} cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')})`;
  }
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Why HOST cannot be listened on by name; null for an IP address or a host name (all-digit labels must be an IPv4 address). */
function hostProblem(host: string): string | null {
  if (isIP(host) !== 0) return null;
  if (HOST_NAME.test(host) && !/^[\d.]+$/.test(host)) return null;
  return `HOST=${JSON.stringify(host)} is not accepted; use an IP address (0.0.0.0, 127.0.0.1, ::) or a host name`;
}
