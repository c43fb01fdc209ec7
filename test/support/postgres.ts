import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The SECRETS_KEY of every service process a test runs on PostgreSQL: a shared
 * database needs the same key on every node (docs/security.md, "Secrets at rest").
 */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

/** The machine's PostgreSQL (trust authentication), used only to create and drop the tests' own databases. */
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of this test run (`rs_<suite>_<random>`), dropped with `drop()`. */
export async function createTestDatabase(suite: string): Promise<TestDatabase> {
  const name = `rs_${suite}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  return {
    name,
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Where a suite run on each engine keeps its tasks: a fresh PostgreSQL database (drop it afterwards), or the test app's own SQLite file. */
export async function databaseFor(engine: 'sqlite' | 'postgres', suite: string): Promise<{ env: Record<string, string>; database: TestDatabase | null }> {
  if (engine === 'sqlite') return { env: {}, database: null };
  const database = await createTestDatabase(suite);
  return { env: { DATABASE_URL: database.url, SECRETS_KEY: TEST_SECRETS_KEY }, database };
}
