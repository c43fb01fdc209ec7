import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '../../../src/auth/api-key.codec';
import { AccountsRepository } from '../../../src/auth/accounts.repository';
import { ApiKeyEntity } from '../../../src/auth/api-key.entity';
import { ApiKeysRepository } from '../../../src/auth/api-keys.repository';
import { ApiKeysService } from '../../../src/auth/api-keys.service';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import type { Database } from '../../../src/database/database';
import { openDatabase } from '../../../src/database/data-source';

const HOUR = 3_600_000;

describe('ApiKeysService on SQLite with a controlled clock', () => {
  let dataDir: string;
  let db: Database;
  let now: number;
  let keys: ApiKeysService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rs-keys-'));
    db = await openDatabase({ databaseUrl: null, dataDir }, SERVICE_ENTITIES);
  });
  beforeEach(() => {
    now = Date.UTC(2025, 0, 17, 12);
    keys = new ApiKeysService(new ApiKeysRepository(db), new AccountsRepository(db), 'tst', () => now);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('issues <prefix>_<32 characters> keys and stores only their hash and last four characters', async () => {
    const issued = await keys.create({ account: 'store', tier: 'standard', permissions: ['tasks:read'] });
    expect(issued.key).toMatch(/^tst_[0-9A-Za-z]{32}$/);
    const row = await db.run((m) => m.findOneByOrFail(ApiKeyEntity, { id: issued.record.id }));
    expect(row.keyHash).toBe(hashApiKey(issued.key));
    expect(row.keyHint).toBe(issued.key.slice(-4));
    const rawRow = JSON.stringify(await db.run((m) => m.query('SELECT * FROM api_keys WHERE id = $1', [issued.record.id])));
    expect(rawRow).not.toContain(issued.key.slice(4, 30));
    const second = await keys.create({ account: 'store', tier: 'standard' });
    expect(second.key).not.toBe(issued.key);
    expect(second.account.id).toBe(issued.account.id);
  });

  it('resolves a key to its account, tier, permissions and limits; anything else to null', async () => {
    const issued = await keys.create({ account: 'resolve', tier: 'enterprise', permissions: ['usage:read'], rateLimitPerMinute: 42, monthlyRenders: 7 });
    expect(await keys.authenticate(issued.key)).toEqual({
      keyId: issued.record.id,
      accountId: issued.account.id,
      tier: 'enterprise',
      permissions: ['usage:read'],
      limits: { requestsPerMinute: 42, concurrentRenders: 20, monthlyRenders: 7, maxStorageGb: 100 },
    });
    const body = issued.key.slice(4);
    for (const wrong of [`rsk_${body}`, `tst_${body.slice(1)}`, `tst_${body}x`, `tst_${body.slice(0, -1)}-`, `tst_${'a'.repeat(32)}`, '', 'tst_']) {
      expect(await keys.authenticate(wrong)).toBeNull();
    }
  });

  it('stops an expiring key exactly at its expiry', async () => {
    const issued = await keys.create({ account: 'expiry', tier: 'pro', expiresAt: now + 1_000 });
    now += 999;
    expect(await keys.authenticate(issued.key)).not.toBeNull();
    now += 1;
    expect(await keys.authenticate(issued.key)).toBeNull();
  });

  it('revokes at once, and only once', async () => {
    const issued = await keys.create({ account: 'revoke', tier: 'pro' });
    expect(await keys.revoke(issued.record.id)).toBe(true);
    expect(await keys.authenticate(issued.key)).toBeNull();
    expect(await keys.revoke(issued.record.id)).toBe(false);
    expect(await keys.revoke('key_unknown')).toBe(false);
  });

  it('keeps the old key working for exactly the grace period after rotation', async () => {
    const issued = await keys.create({ account: 'rotate', tier: 'pro', permissions: ['tasks:read', 'models:read'], rateLimitPerMinute: 77 });
    const rotated = await keys.rotate(issued.record.id, 24);
    expect(rotated.account.id).toBe(issued.account.id);
    expect(rotated.record.permissions).toEqual(['tasks:read', 'models:read']);
    expect(rotated.record.rateLimitPerMinute).toBe(77);
    now += 24 * HOUR - 1;
    expect((await keys.authenticate(issued.key))?.keyId).toBe(issued.record.id);
    now += 1;
    expect(await keys.authenticate(issued.key)).toBeNull();
    expect((await keys.authenticate(rotated.key))?.keyId).toBe(rotated.record.id);
  });

  it('never extends an old key beyond its own expiry when rotating', async () => {
    const issued = await keys.create({ account: 'rotate-short', tier: 'pro', expiresAt: now + HOUR });
    const rotated = await keys.rotate(issued.record.id, 24);
    expect((await keys.find(issued.record.id))?.expiresAt).toBe(now + HOUR);
    expect(rotated.record.expiresAt).toBe(now + HOUR);
  });

  it('refuses to rotate a revoked, expired, unknown or already rotated key', async () => {
    const revoked = await keys.create({ account: 'refuse', tier: 'pro' });
    await keys.revoke(revoked.record.id);
    await expect(keys.rotate(revoked.record.id, 1)).rejects.toThrow(/revoked/);
    const expired = await keys.create({ account: 'refuse', tier: 'pro', expiresAt: now });
    await expect(keys.rotate(expired.record.id, 1)).rejects.toThrow(/expired/);
    await expect(keys.rotate('key_nope', 1)).rejects.toThrow(/no key/);
    const once = await keys.create({ account: 'refuse', tier: 'pro' });
    const successor = await keys.rotate(once.record.id, 1);
    await expect(keys.rotate(once.record.id, 1)).rejects.toThrow(successor.record.id);
  });

  it('lets only one of two concurrent rotations of a key issue a working successor', async () => {
    const issued = await keys.create({ account: 'race', tier: 'pro' });
    const results = await Promise.allSettled([keys.rotate(issued.record.id, 1), keys.rotate(issued.record.id, 1)]);
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<ApiKeysService['rotate']>>> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const listed = await keys.list('race');
    expect(listed.map((k) => k.id).sort()).toEqual([issued.record.id, won[0].value.record.id].sort());
  });

  it('lists the keys of one account, or of all', async () => {
    await keys.create({ account: 'list-a', tier: 'pro', name: 'first' });
    await keys.create({ account: 'list-b', tier: 'standard', name: 'second' });
    const a = await keys.list('list-a');
    expect(a.map((k) => [k.accountName, k.name])).toEqual([['list-a', 'first']]);
    expect(await keys.list('no-such-account')).toEqual([]);
    const all = (await keys.list()).map((k) => k.accountName);
    expect(all).toEqual(expect.arrayContaining(['list-a', 'list-b', 'store']));
  });
});
