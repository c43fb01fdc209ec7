import { createServer } from 'node:net';
import { loadConfig } from '../config/app-config';
import { freePort, withPortChosen } from './free-port';

const listenable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('freePort', () => {
  it('gives a port that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await listenable(port)).toBe(true);
  });
});

describe('withPortChosen', () => {
  const base = { HOST: '127.0.0.1', DATA_DIR: '/tmp/rs-free-port' };

  it('replaces PORT=0 with a free port, and derives the public URL from it', async () => {
    const env = { ...base, PORT: '0' };
    const config = await withPortChosen(loadConfig(env), env);
    expect(config.port).toBeGreaterThan(0);
    expect(config.publicBaseUrl).toBe(`https://127.0.0.1:${config.port}`);
    expect(config.storagePublicUrl).toBe(config.publicBaseUrl);
  });

  it('keeps a PUBLIC_BASE_URL that is set', async () => {
    const env = { ...base, PORT: '0', PUBLIC_BASE_URL: 'https://render.example.com' };
    const config = await withPortChosen(loadConfig(env), env);
    expect(config.port).toBeGreaterThan(0);
    expect(config.publicBaseUrl).toBe('https://render.example.com');
  });

  it('leaves a given port, and a worker, as they are', async () => {
    const given = { ...base, PORT: '9555' };
    expect(await withPortChosen(loadConfig(given), given)).toEqual(loadConfig(given));
    const worker = { ...base, PORT: '0', ROLE: 'worker' };
    expect((await withPortChosen(loadConfig(worker), worker)).port).toBe(0);
  });
});
