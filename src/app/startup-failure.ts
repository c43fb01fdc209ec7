import type { AppConfig } from '../config/app-config';

/**
 * One line for a start-up that failed after the variables were read: the
 * cause in words, and the variable to look at where the cause names one. The
 * stack of an error we did not foresee is kept: it is a bug to report.
 */
export function startupFailureLine(error: unknown, config: Pick<AppConfig, 'host' | 'port' | 'databaseUrl'>): string {
  const failure = error as { code?: unknown; syscall?: unknown; message?: unknown; stack?: unknown; port?: unknown };
  const where = `${config.host}:${config.port}`;
  if (failure.syscall === 'listen' && failure.code === 'EADDRINUSE') return `${where} is already in use by another process (HOST, PORT)`;
  if (failure.syscall === 'listen' && failure.code === 'EACCES')
    return `${where} may not be listened on by this user (HOST, PORT: ports under 1024 need privileges)`;
  if (failure.syscall === 'listen' && failure.code === 'EADDRNOTAVAIL') return `${where} is not an address of this machine (HOST)`;
  // PostgreSQL's own words name the database, role or host: they are the operator's own settings, never a password.
  const { databaseUrl } = config;
  if (databaseUrl && (isDatabaseRefusal(failure.code) || (failure.code === 'ECONNREFUSED' && failure.port === databasePort(databaseUrl)))) {
    return `the database could not be opened (DATABASE_URL): ${String(failure.message)}`;
  }
  return typeof failure.stack === 'string' ? failure.stack : String(error);
}

/** PostgreSQL's answers to a connection it will not serve: no such database, authentication failed. */
function isDatabaseRefusal(code: unknown): boolean {
  return code === '3D000' || code === '28P01' || code === '28000';
}

function databasePort(url: string): number | null {
  try {
    return Number(new URL(url).port || '5432');
  } catch {
    return null;
  }
}
