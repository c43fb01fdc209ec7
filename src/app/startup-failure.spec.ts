import { startupFailureLine } from './startup-failure';

const nodeError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('startupFailureLine', () => {
  it('names HOST and PORT when the listening address is taken, forbidden or not this machine', () => {
    const env = { host: '127.0.0.1', port: 8476, databaseUrl: null };
    expect(startupFailureLine(nodeError('listen EADDRINUSE', { code: 'EADDRINUSE', syscall: 'listen' }), env)).toBe(
      '127.0.0.1:8476 is already in use by another process (HOST, PORT)',
    );
    expect(startupFailureLine(nodeError('listen EACCES', { code: 'EACCES', syscall: 'listen' }), { host: '0.0.0.0', port: 80, databaseUrl: null })).toBe(
      '0.0.0.0:80 may not be listened on by this user (HOST, PORT: ports under 1024 need privileges)',
    );
    expect(
      startupFailureLine(nodeError('listen EADDRNOTAVAIL', { code: 'EADDRNOTAVAIL', syscall: 'listen' }), { host: '10.9.9.9', port: 8443, databaseUrl: null }),
    ).toBe('10.9.9.9:8443 is not an address of this machine (HOST)');
  });

  it("names DATABASE_URL for PostgreSQL's refusals and a refused connection on its port, without the URL", () => {
    const env = { host: '0.0.0.0', port: 8443, databaseUrl: 'postgres://render:s3cret@127.0.0.1:5433/render' };
    const missing = startupFailureLine(nodeError('database "render" does not exist', { code: '3D000' }), env);
    expect(missing).toBe('the database could not be opened (DATABASE_URL): database "render" does not exist');
    expect(startupFailureLine(nodeError('connect ECONNREFUSED 127.0.0.1:5433', { code: 'ECONNREFUSED', port: 5433 }), env)).toMatch(
      /^the database could not be opened \(DATABASE_URL\)/,
    );
    // Another port refusing is not the database's.
    expect(startupFailureLine(nodeError('connect ECONNREFUSED 127.0.0.1:6379', { code: 'ECONNREFUSED', port: 6379 }), env)).toMatch(
      /^Error: connect ECONNREFUSED/,
    );
    expect(missing).not.toContain('s3cret');
  });

  it('keeps the stack of what it does not foresee: a bug to report', () => {
    const bug = new TypeError('x is undefined');
    expect(startupFailureLine(bug, { host: '0.0.0.0', port: 8443, databaseUrl: null })).toBe(bug.stack);
  });
});
