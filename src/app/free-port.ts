import { createServer, type AddressInfo } from 'node:net';
import { type AppConfig, loadConfig } from '../config/app-config';

/** A port free on `host` at this moment: the one the system picks for a listen on port 0. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * PORT=0 asks for any free port. It is chosen before anything is built from the settings, so what they derive from
 * the port (the start-up banner, PUBLIC_BASE_URL's default and the output and sample URLs made from it) names the
 * port served. A worker serves no port and keeps its settings.
 */
export async function withPortChosen(config: AppConfig, env: Record<string, string | undefined> = process.env): Promise<AppConfig> {
  if (config.port !== 0 || config.role === 'worker') return config;
  return loadConfig({ ...env, PORT: String(await freePort(config.host)) });
}
