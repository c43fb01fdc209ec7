/**
 * The data dir holds the private Redis socket, local storage, the render work
 * dirs and the URL-signing and TLS keys whatever the database: it is the
 * service user's alone (0700) with PostgreSQL too, not only when it also holds
 * the SQLite file.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createRuntime } from '../../../src/app/composition-root';
import { loadConfig } from '../../../src/config/app-config';
import { createTestDatabase, TEST_SECRETS_KEY, type TestDatabase } from '../../support/postgres';

jest.setTimeout(60_000);

describe('the data dir with PostgreSQL', () => {
  let parent: string;
  let database: TestDatabase;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'rs-data-dir-'));
    database = await createTestDatabase('data_dir');
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(parent, { recursive: true, force: true });
  });

  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it.each([
    ['made by the service', false],
    ['made before by the operator with the umask', true],
  ])('is 0700 when %s', async (_, existing) => {
    const dataDir = join(parent, existing ? 'existing' : 'new');
    if (existing) mkdirSync(dataDir, { mode: 0o755 });
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `data-dir-${process.pid}`,
      LOG_LEVEL: 'silent',
    });
    const runtime = await createRuntime(config, pino({ level: 'silent' }));
    try {
      expect(modeOf(dataDir).toString(8)).toBe('700');
    } finally {
      await runtime.close();
    }
  });
});
