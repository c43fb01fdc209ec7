export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

/** What `/readyz` answers: 200 when every check passed, else 503 naming the ones that failed. */
export interface ReadinessReport {
  ok: boolean;
  checks: Record<string, { ok: boolean; error?: string }>;
}

/** How long one answer of `/readyz` is given again, from the end of the run that made it. */
export const READINESS_CACHE_MS = 2_000;
/** A check that has not answered by then has failed. */
const CHECK_TIMEOUT_MS = 3_000;

/** The same check, its failure cause logged (the /readyz answer only says which check failed). */
export function loggedCheck(check: ReadinessCheck, logger: { warn(obj: object, msg: string): void }): ReadinessCheck {
  return {
    name: check.name,
    run: () =>
      check.run().catch((error: unknown) => {
        logger.warn({ check: check.name, err: error }, 'readiness check failed');
        throw error;
      }),
  };
}

/**
 * Runs the readiness checks for `/readyz`, which anyone may call: each run
 * reaches every dependency (a write to the output storage, a database and a
 * Redis round trip), so the checks run at most once per READINESS_CACHE_MS,
 * and calls that arrive while they run wait for that run instead of starting
 * another. A flood of calls costs the dependencies nothing more.
 */
export class ReadinessProbe {
  private last: { report: ReadinessReport; at: number } | null = null;
  private running: Promise<ReadinessReport> | null = null;

  constructor(
    private readonly checks: ReadinessCheck[],
    private readonly cacheMs = READINESS_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  report(): Promise<ReadinessReport> {
    if (this.last && this.now() - this.last.at < this.cacheMs) return Promise.resolve(this.last.report);
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (check): Promise<[string, ReadinessReport['checks'][string]]> => {
        try {
          await withTimeout(check.run(), CHECK_TIMEOUT_MS);
          return [check.name, { ok: true }];
        } catch {
          // Unauthenticated: say which dependency is down, never why (addresses, driver messages); the log has the cause.
          return [check.name, { ok: false, error: 'unavailable' }];
        }
      }),
    );
    const report: ReadinessReport = { ok: results.every(([, result]) => result.ok), checks: Object.fromEntries(results) };
    this.last = { report, at: this.now() };
    return report;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}
