import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

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
