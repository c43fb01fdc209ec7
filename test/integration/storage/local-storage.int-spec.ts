import 'reflect-metadata';
import pino from 'pino';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AllExceptionsFilter } from '../../../src/common/all-exceptions.filter';
import { loadConfig } from '../../../src/config/app-config';
import { createOutputStorage } from '../../../src/storage/create-output-storage';
import { FilesController } from '../../../src/storage/files.controller';
import { LocalStorage } from '../../../src/storage/local-storage';
import { OUTPUT_STORAGE, URL_SIGNER } from '../../../src/storage/output-storage';
import { SERVICE_ENTITIES } from '../../../src/app/composition-root';
import { openDatabase } from '../../../src/database/data-source';
import type { Database } from '../../../src/database/database';
import { BandwidthUsageRepository } from '../../../src/storage/bandwidth-usage.repository';
import { UrlSigner } from '../../../src/storage/url-signer';

const SECRET = 'local-storage-test-secret';

describe('LocalStorage and FilesController (Fastify)', () => {
  let dataDir: string;
  let storage: LocalStorage;
  let app: NestFastifyApplication;
  let db: Database;
  const signer = new UrlSigner(SECRET);
  const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const hourFromNow = () => new Date(Date.now() + 3600_000);

  /** The path and query of a signed URL, ready for app.inject. */
  const pathOf = (url: string) => url.slice('https://files.example.test'.length);
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers });

  /** A request whose path reaches the server byte for byte. */
  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: (app.getHttpServer().address() as AddressInfo).port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject).end();
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'local-storage-'));
    const config = loadConfig({ DATA_DIR: dataDir, STORAGE_PUBLIC_URL: 'https://files.example.test/' });
    storage = createOutputStorage(config, SECRET) as LocalStorage;
    writeFileSync(join(dataDir, 'render.mp4'), video);
    // A file next to the storage root that no link may reach.
    writeFileSync(join(dataDir, 'secret.txt'), 'do not serve');

    db = await openDatabase({ dataDir, databaseUrl: null }, SERVICE_ENTITIES);

    @Module({
      controllers: [FilesController],
      providers: [
        { provide: OUTPUT_STORAGE, useValue: storage },
        { provide: URL_SIGNER, useValue: signer },
        { provide: BandwidthUsageRepository, useValue: new BandwidthUsageRepository(db) },
      ],
    })
    class FilesTestModule {}

    app = await NestFactory.create<NestFastifyApplication>(FilesTestModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(pino({ level: 'silent' })));
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the adapter chosen without STORAGE_URL, rooted in DATA_DIR/storage', async () => {
    expect(storage.kind).toBe('local');
    expect(storage.rootDir).toBe(join(dataDir, 'storage'));
    await expect(storage.checkReady()).resolves.toBeUndefined();
  });

  it('stores a file and links it as {storage_url}/files/<key>?expires=&signature=', async () => {
    expect(await storage.put('tasks/t1/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4')).toEqual({ sizeBytes: 1000 });
    expect(readFileSync(join(dataDir, 'storage/tasks/t1/video.mp4')).equals(video)).toBe(true);
    const expiresAt = new Date('2031-01-01T00:00:00Z');
    const url = await storage.signedUrl('tasks/t1/video.mp4', expiresAt);
    expect(url).toBe(`https://files.example.test/files/tasks/t1/video.mp4?expires=1924992000&signature=${signer.signPath('tasks/t1/video.mp4', 1924992000)}`);
  });

  it('copies a stored object back to a local file', async () => {
    await storage.put('chunks/t9/1-0.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
    await storage.copyTo('chunks/t9/1-0.mp4', join(dataDir, 'copied.mp4'));
    expect(readFileSync(join(dataDir, 'copied.mp4')).equals(video)).toBe(true);
    await expect(storage.copyTo('chunks/t9/missing.mp4', join(dataDir, 'missing.mp4'))).rejects.toThrow();
  });

  describe('serving', () => {
    let url: string;
    beforeAll(async () => {
      await storage.put('tasks/t1/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
      url = pathOf(await storage.signedUrl('tasks/t1/video.mp4', hourFromNow()));
    });

    it('serves the whole file with type, length, ranges advertised and private caching', async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(video)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': '1000',
        'accept-ranges': 'bytes',
        'cache-control': 'private',
      });
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await get(url, {}, 'HEAD');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe('1000');
      expect(response.rawPayload.length).toBe(0);
    });

    it.each([
      ['bytes=10-19', 10, 19],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=900-5000', 900, 999],
    ])('serves %s as 206 Partial Content', async (range, start, end) => {
      const response = await get(url, { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
    });

    it('answers an unsatisfiable range with 416 RANGE_NOT_SATISFIABLE in the envelope and the size', async () => {
      const response = await get(url, { range: 'bytes=1000-' });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers.etag).toBeUndefined();
      expect(response.json<{ error: { code: string; request_id: string } }>().error).toMatchObject({
        code: 'RANGE_NOT_SATISFIABLE',
        request_id: expect.any(String),
      });
    });

    it('serves the whole file for a range it does not support (several ranges)', async () => {
      const response = await get(url, { range: 'bytes=0-1,5-6' });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(1000);
    });
  });

  describe('refusals: 403 FORBIDDEN, never a file', () => {
    const expectForbidden = async (path: string) => {
      const response = await get(path);
      expect(response.statusCode).toBe(403);
      const body = response.json<{ error: { code: string; message: string; request_id: string } }>();
      expect(body.error.code).toBe('FORBIDDEN');
      expect(body.error.request_id).toBeTruthy();
      expect(response.body).not.toContain('do not serve');
    };
    let expires: number;
    let signature: string;
    beforeAll(async () => {
      await storage.put('tasks/t1/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
      await storage.put('tasks/t2/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
      const url = new URL(await storage.signedUrl('tasks/t1/video.mp4', hourFromNow()));
      expires = Number(url.searchParams.get('expires'));
      signature = url.searchParams.get('signature') ?? '';
      expect(await get(url.pathname + url.search).then((r) => r.statusCode)).toBe(200);
    });

    it('for a wrong signature', () => expectForbidden(`/files/tasks/t1/video.mp4?expires=${expires}&signature=${'0'.repeat(64)}`));
    it('for a changed path', () => expectForbidden(`/files/tasks/t2/video.mp4?expires=${expires}&signature=${signature}`));
    it('for a changed expiry', () => expectForbidden(`/files/tasks/t1/video.mp4?expires=${expires + 1}&signature=${signature}`));
    it('without parameters', () => expectForbidden('/files/tasks/t1/video.mp4'));
    it('for repeated parameters', () => expectForbidden(`/files/tasks/t1/video.mp4?expires=${expires}&expires=${expires}&signature=${signature}`));

    it('for an expired link, even correctly signed', async () => {
      const past = Math.floor(Date.now() / 1000) - 1;
      await expectForbidden(`/files/tasks/t1/video.mp4?expires=${past}&signature=${signer.signPath('tasks/t1/video.mp4', past)}`);
    });

    it.each(['../secret.txt', 'tasks/../../secret.txt', '%2e%2e/secret.txt', 'tasks/%2F..%2F..%2Fsecret.txt', '.hidden', 'tasks//t1'])(
      'for the path %s sent verbatim over a socket, even with a signature over it',
      async (key) => {
        // app.inject would normalize `..` away like a browser; a hostile client sends it as it is.
        const response = await rawGet(`/files/${key}?expires=${expires}&signature=${signer.signPath(key, expires)}`);
        expect(response.status).toBe(403);
        expect((JSON.parse(response.body) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
        expect(response.body).not.toContain('do not serve');
      },
    );
  });

  it('says 404 NOT_FOUND for a validly signed link to a file that is gone, and delete is idempotent', async () => {
    await storage.put('tasks/t3/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
    const url = pathOf(await storage.signedUrl('tasks/t3/video.mp4', hourFromNow()));
    expect((await get(url)).statusCode).toBe(200);
    await storage.delete('tasks/t3/video.mp4');
    expect(existsSync(join(dataDir, 'storage/tasks/t3/video.mp4'))).toBe(false);
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    await expect(storage.delete('tasks/t3/video.mp4')).resolves.toBeUndefined();
  });

  it('does not serve a directory', async () => {
    mkdirSync(join(dataDir, 'storage/tasks/dir'), { recursive: true });
    const url = pathOf(await storage.signedUrl('tasks/dir', hourFromNow()));
    expect((await get(url)).statusCode).toBe(404);
  });

  it('refuses keys that escape the root when storing', async () => {
    await expect(storage.put('../escape.mp4', join(dataDir, 'render.mp4'), 'video/mp4')).rejects.toThrow(/invalid storage key/);
    expect(existsSync(join(dataDir, 'escape.mp4'))).toBe(false);
  });

  it('counts the bytes it serves against the owning account (bandwidth)', async () => {
    await storage.put('acc_meter/tsk_1/video.mp4', join(dataDir, 'render.mp4'), 'video/mp4');
    const url = pathOf(await storage.signedUrl('acc_meter/tsk_1/video.mp4', hourFromNow()));
    const served = async () =>
      Number((await db.run((m) => m.query("SELECT COALESCE(SUM(bytes), 0) AS n FROM bandwidth_usage WHERE account_id = 'acc_meter'")))[0].n);
    expect(await served()).toBe(0);
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await served()).toBe(1000 + 100);
  });
});
