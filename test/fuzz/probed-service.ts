/**
 * A real service process for the fuzz tier, `node dist/src/main.js` built from
 * the current source, with the event-loop probe preloaded (event-loop-probe.js):
 * hostile work is bounded by the delay the server's own loop saw, measured
 * inside it, never by a round trip timed from the busy test process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, createKey, embeddedServiceEnv, freePort, makeCertificate, ServiceProcess, sleep } from '../e2e/scale-out/service-processes';
import type { Target } from './fuzz-support';

/** p99 of the server's event-loop delay over the work a test sends. */
export const MAX_P99_MS = 50;
/** p99 hides one long block among hundreds of samples: no single stall may pass this either. */
export const MAX_STALL_MS = 150;

/** What the probe saw between two calls of `loopDelay`. */
export interface LoopDelay {
  sequence: number;
  samples: number;
  p99Ms: number;
  maxMs: number;
  longestGcMs: number;
}

export interface ProbedService {
  target: Target;
  /** A pro key of its own account, allowed 100 000 requests a minute. */
  key: string;
  /** What the server's event loop saw since the last call (or since it started). */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/** Starts the service (`role`, its own data dir, embedded Redis and SQLite, HTTPS on 127.0.0.1) with `env` on top. */
export async function startProbedService(role: 'all' | 'api', env: Record<string, string> = {}): Promise<ProbedService> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-probed-'));
  const build = buildService(dir);
  const tls = makeCertificate(dir);
  const port = await freePort();
  const probeFile = join(dir, 'loop-delay.json');
  const service = await ServiceProcess.start(build, role, dir, {
    ...embeddedServiceEnv(port, tls),
    ROLE: role,
    NODE_OPTIONS: `--require ${join(__dirname, 'event-loop-probe.js')}`,
    EVENT_LOOP_PROBE_FILE: probeFile,
    ...env,
  });
  const key = createKey(build, { DATA_DIR: join(dir, role) }, 'probed-account', 100_000);
  let signals = 0;
  return {
    target: { baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert },
    key,
    async loopDelay() {
      signals += 1;
      service.kill('SIGUSR2');
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
        if (!existsSync(probeFile)) continue;
        const seen = JSON.parse(readFileSync(probeFile, 'utf8')) as LoopDelay;
        if (seen.sequence === signals) return seen;
      }
      throw new Error('the event-loop probe did not answer');
    },
    async stop() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes what the probe saw, for the tier's log and docs/security.md. */
export function reportLoopDelay(what: string, delay: LoopDelay): void {
  process.stdout.write(
    `${what}: event-loop delay p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms over ${delay.samples} samples, ` +
      `longest GC ${delay.longestGcMs.toFixed(1)} ms\n`,
  );
}
