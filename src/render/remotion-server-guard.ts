/**
 * Remotion's render server, as the service needs it. For each render Remotion
 * starts an HTTP server that gives Chromium the bundle and, at `/proxy?src=…`,
 * the frames of an `<OffthreadVideo>`, downloading `src` first. As shipped it
 * listens on every interface, downloads any URL, and a malformed `/proxy`
 * throws inside Node's request event, which ends the process. Remotion has no
 * option for any of this, so two functions of its CommonJS build are replaced
 * once per process: the port configuration binds 127.0.0.1, and the `/proxy`
 * listener is screened (only URLs of this process's media servers, well
 * formed, and nothing thrown escapes). Its modules call them through their
 * export objects, so replacing the exports is enough; when either is missing
 * (a Remotion upgrade moved them) the worker does not start.
 * See docs/security.md, "Remotion's render server".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { isMediaServerUrl, replyStatus } from './media-server';

type ProxyListener = (req: IncomingMessage, res: ServerResponse) => void;

interface PortConfig {
  host: string;
  hostsToTry: string[];
}

/** The two exports replaced, as @remotion/renderer 4.0.529 has them (dist/port-config.js, dist/offthread-video-server.js). */
interface PortConfigModule {
  getPortConfig: (preferIpv4: boolean) => PortConfig;
}
interface OffthreadVideoServerModule {
  startOffthreadVideoServer: (options: unknown) => { listener: ProxyListener };
}

let installed = false;

/** One of Remotion's CommonJS modules, the same instance its own modules use; throws unless it has `exportName`. */
export function remotionModule<T>(file: string, exportName: string): T {
  const path = join(dirname(require.resolve('@remotion/renderer')), file);
  let loaded: Record<string, unknown> = {};
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file of the package, not in its exports map
    loaded = require(path) as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  if (typeof loaded[exportName] !== 'function') {
    throw new Error(
      `@remotion/renderer has no ${exportName} in ${file}: the guard of Remotion's render server (src/render/remotion-server-guard.ts) ` +
        'must be adapted to this Remotion version before the worker may render',
    );
  }
  return loaded as T;
}

function isFlag(value: string | null): boolean {
  return value === 'true' || value === 'false';
}

/**
 * Why Remotion's `/proxy` must not answer a request target: 400 when it is
 * not one Remotion's own page makes (`src`, a time in seconds, the
 * `transparent` and `toneMapped` flags), 403 when `src` is not a URL of a
 * media server of this process; null to let it through.
 */
export function proxyRefusal(target: string): 400 | 403 | null {
  let params: URLSearchParams;
  try {
    params = new URL(target, 'http://localhost').searchParams;
  } catch {
    return 400;
  }
  const src = params.get('src');
  const time = Number(params.get('time') ?? NaN);
  const transparent = params.get('transparent');
  if (!src || !Number.isFinite(time) || time < 0 || !isFlag(params.get('toneMapped')) || (transparent !== null && !isFlag(transparent))) {
    return 400;
  }
  return isMediaServerUrl(src) ? null : 403;
}

/** Remotion's `/proxy` listener behind the screen; nothing it throws reaches Node's request event. */
export function screenedProxy(proxy: ProxyListener): ProxyListener {
  return (req, res) => {
    try {
      const refusal = proxyRefusal(req.url ?? '');
      if (refusal === null) proxy(req, res);
      else replyStatus(res, refusal);
    } catch {
      replyStatus(res, 500);
    }
  };
}

/**
 * Binds every render server Remotion starts from now on to 127.0.0.1 and
 * screens its `/proxy`. Call before the first render; later calls do nothing.
 */
export function guardRemotionServer(): void {
  if (installed) return;
  const ports = remotionModule<PortConfigModule>('port-config.js', 'getPortConfig');
  const videoServer = remotionModule<OffthreadVideoServerModule>('offthread-video-server.js', 'startOffthreadVideoServer');
  const anyInterface = ports.getPortConfig;
  // Remotion takes a port only if it can listen on each of hostsToTry for a moment: loopback only, but ::1 too, because
  // the page and the proxy are loaded from http://localhost:<port>, which Chromium may try on ::1 first.
  ports.getPortConfig = (preferIpv4) => ({
    host: '127.0.0.1',
    hostsToTry: ['127.0.0.1', ...anyInterface(preferIpv4).hostsToTry.filter((host) => host === '::1')],
  });
  const unscreened = videoServer.startOffthreadVideoServer;
  videoServer.startOffthreadVideoServer = (options) => {
    const server = unscreened(options);
    return { ...server, listener: screenedProxy(server.listener) };
  };
  installed = true;
}
