import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import { RetentionSweeper } from '../../../src/retention/retention-sweeper';
import { StoredObjectEntity } from '../../../src/retention/stored-object.entity';
import { StoredObjectsRepository } from '../../../src/retention/stored-objects.repository';
import { LocalStorage } from '../../../src/storage/local-storage';
import { UrlSigner } from '../../../src/storage/url-signer';
import { outputView } from '../../../src/tasks/task-view';

describe('retention clean-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-retention-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('deletes expired objects from storage, marks them, and leaves live ones', async () => {
    const db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);
    const storage = new LocalStorage({ rootDir: join(dataDir, 'storage'), publicUrl: 'https://localhost:1', signer: new UrlSigner('0123456789abcdef0123') });
    const source = join(dataDir, 'file.bin');
    writeFileSync(source, Buffer.alloc(1000, 7));
    const now = Date.UTC(2026, 0, 2);
    const objects = [
      { key: 'acc/tsk/video.mp4', expiresAt: now - 1 },
      { key: 'acc/tsk/thumbnail.jpg', expiresAt: now + 86_400_000 },
    ];
    for (const object of objects) {
      await storage.put(object.key, source, 'application/octet-stream');
      await db.run((m) =>
        m.insert(StoredObjectEntity, {
          key: object.key,
          accountId: 'acc',
          taskId: 'tsk',
          kind: 'video',
          sizeBytes: 1000,
          createdAt: now - 10,
          expiresAt: object.expiresAt,
          deletedAt: null,
        }),
      );
    }
    const sweeper = new RetentionSweeper(new StoredObjectsRepository(db), storage, pino({ level: 'silent' }));
    expect(await sweeper.sweep(now)).toBe(1);
    expect(existsSync(storage.pathOf('acc/tsk/video.mp4'))).toBe(false);
    expect(existsSync(storage.pathOf('acc/tsk/thumbnail.jpg'))).toBe(true);
    const rows = await db.run((m) => m.find(StoredObjectEntity, { order: { key: 'ASC' } }));
    expect(rows.map((row) => [row.key, row.deletedAt])).toEqual([
      ['acc/tsk/thumbnail.jpg', null],
      ['acc/tsk/video.mp4', now],
    ]);
    expect(await sweeper.sweep(now)).toBe(0);
    await db.close();
  });

  it('shows an expired output as expired, without links', async () => {
    const now = 1_000_000;
    const file = (expires: number) => ({ key: 'k', size_bytes: 5, expires_at: expires });
    const output = {
      video: file(now - 1),
      thumbnail: file(now + 5),
      preview: file(now + 5),
      duration_ms: 1000,
      resolution: { width: 2, height: 2 },
      format: 'mp4',
    };
    const view = await outputView(output, { signedUrl: async () => 'https://signed' }, now);
    expect(view).toMatchObject({ video_url: null, thumbnail_url: 'https://signed', expired: true, file_size_bytes: 5 });
  });
});
