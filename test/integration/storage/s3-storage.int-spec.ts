import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig } from '../../../src/config/app-config';
import { createOutputStorage } from '../../../src/storage/create-output-storage';
import { S3Storage } from '../../../src/storage/s3-storage';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Against a real S3-protocol server (s3rver) on 127.0.0.1, path-style like MinIO or Ceph. */
describe('S3Storage', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  let storage: S3Storage;
  let admin: S3Client;
  const content = Buffer.from('not really a video, but bytes are bytes '.repeat(100));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3-storage-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3') });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: 'renders' }));
    storage = new S3Storage({ bucket: 'renders', prefix: 'env/test', endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    writeFileSync(join(dir, 'video.mp4'), content);
  });
  afterAll(async () => {
    storage.destroy();
    admin.destroy();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is ready when the bucket exists, and says so when it does not', async () => {
    await expect(storage.checkReady()).resolves.toBeUndefined();
    const missing = new S3Storage({ bucket: 'nope', prefix: '', endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await expect(missing.checkReady()).rejects.toThrow();
    missing.destroy();
  });

  it('uploads under the prefix with the content type, and serves it by a pre-signed URL', async () => {
    const { sizeBytes } = await storage.put('tasks/t1/video.mp4', join(dir, 'video.mp4'), 'video/mp4');
    expect(sizeBytes).toBe(content.length);
    const head = await admin.send(new HeadObjectCommand({ Bucket: 'renders', Key: 'env/test/tasks/t1/video.mp4' }));
    expect(head).toMatchObject({ ContentType: 'video/mp4', ContentLength: content.length });

    const url = await storage.signedUrl('tasks/t1/video.mp4', new Date(Date.now() + 24 * 3600_000));
    expect(url).toMatch(/X-Amz-Expires=8640[01]\b/); // a day, from the whole second it was signed at
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);

    const ranged = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe(content.subarray(0, 10).toString());
  });

  // s3rver checks the expiry of a pre-signed URL but neither recomputes SigV4 nor enforces
  // ACLs, so tampering is covered by the local adapter's tests, not here.
  it('refuses an expired URL', async () => {
    await storage.put('tasks/t2/video.mp4', join(dir, 'video.mp4'), 'video/mp4');
    const expiresAt = new Date(Date.now() + 1000);
    const shortLived = await storage.signedUrl('tasks/t2/video.mp4', expiresAt);
    // Valid until the instant asked for, not up to a second before (SigV4 counts from a whole second).
    const query = new URL(shortLived).searchParams;
    const signedAt = Date.parse(String(query.get('X-Amz-Date')).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const validUntil = signedAt + Number(query.get('X-Amz-Expires')) * 1000;
    expect(Number.isFinite(validUntil)).toBe(true);
    expect(validUntil).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(validUntil - expiresAt.getTime()).toBeLessThan(1000);
    expect((await fetch(shortLived)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, validUntil - Date.now() + 1100));
    expect((await fetch(shortLived)).status).toBe(403);
  });

  it('caps URLs at the 7 days SigV4 allows', async () => {
    const url = await storage.signedUrl('tasks/t1/video.mp4', new Date(Date.now() + 30 * 24 * 3600_000));
    expect(url).toMatch(/X-Amz-Expires=604800/);
  });

  it('copies an object back to a local file, byte for byte', async () => {
    await storage.put('chunks/t4/1-0.mp4', join(dir, 'video.mp4'), 'video/mp4');
    await storage.copyTo('chunks/t4/1-0.mp4', join(dir, 'copied.mp4'));
    expect(readFileSync(join(dir, 'copied.mp4')).equals(content)).toBe(true);
    await expect(storage.copyTo('chunks/t4/missing.mp4', join(dir, 'missing.mp4'))).rejects.toThrow();
  });

  it('deletes, and deleting again is fine', async () => {
    await storage.put('tasks/t3/video.mp4', join(dir, 'video.mp4'), 'video/mp4');
    await storage.delete('tasks/t3/video.mp4');
    await expect(admin.send(new HeadObjectCommand({ Bucket: 'renders', Key: 'env/test/tasks/t3/video.mp4' }))).rejects.toThrow();
    await expect(storage.delete('tasks/t3/video.mp4')).resolves.toBeUndefined();
  });

  it('sends an upload again when the connection breaks or the store answers 503, and never after a 4xx', async () => {
    // Between the client and s3rver: `script` says, for the n-th connection, whether to break it, answer 503 or pass it on.
    let script: Array<'break' | '503' | 'pass'> = [];
    let connections = 0;
    const proxy: Server = createServer((client) => {
      const step = script[connections++] ?? 'pass';
      client.once('data', (head) => {
        if (step === 'break') return client.destroy();
        if (step === '503') {
          const body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>';
          return client.end(`HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
        }
        const upstream = connect(Number(new URL(endpoint).port), '127.0.0.1', () => upstream.write(head));
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
      });
      client.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    // A new client for each case: its first request opens a connection (one it keeps would skip the script).
    const proxiedPut = async (bucket: string, steps: typeof script) => {
      [script, connections] = [steps, 0];
      const port = (proxy.address() as AddressInfo).port;
      const proxied = new S3Storage({ bucket, prefix: '', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials });
      try {
        return await proxied.put('retried/video.mp4', join(dir, 'video.mp4'), 'video/mp4');
      } finally {
        proxied.destroy();
      }
    };
    try {
      await expect(proxiedPut('renders', ['break', '503', 'pass'])).resolves.toEqual({ sizeBytes: content.length });
      expect(connections).toBe(3);
      const direct = new S3Storage({ bucket: 'renders', prefix: '', endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
      await direct.copyTo('retried/video.mp4', join(dir, 'retried.mp4'));
      direct.destroy();
      expect(readFileSync(join(dir, 'retried.mp4')).equals(content)).toBe(true);

      await expect(proxiedPut('renders', ['break', 'break', 'break', 'pass'])).rejects.toThrow(/socket hang up/);
      expect(connections).toBe(3);

      await expect(proxiedPut('no-such-bucket', [])).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      expect(connections).toBe(1);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('refuses keys that could escape the prefix', async () => {
    await expect(storage.put('../other/video.mp4', join(dir, 'video.mp4'), 'video/mp4')).rejects.toThrow(/invalid storage key/);
  });

  it('is what STORAGE_URL=s3://bucket/prefix selects, with the S3_* settings', async () => {
    const config = loadConfig({ STORAGE_URL: 's3://renders/from-config/', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', DATA_DIR: dir });
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    try {
      const fromConfig = createOutputStorage(config, 'unused-for-s3-but-required');
      expect(fromConfig.kind).toBe('s3');
      await fromConfig.put('a/b.mp4', join(dir, 'video.mp4'), 'video/mp4');
      await expect(admin.send(new HeadObjectCommand({ Bucket: 'renders', Key: 'from-config/a/b.mp4' }))).resolves.toBeDefined();
      (fromConfig as S3Storage).destroy();
    } finally {
      process.env.AWS_ACCESS_KEY_ID = saved.id;
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});
