const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const FOREIGN_SIGNALS: readonly string[] = [...SHUTDOWN_SIGNALS, 'SIGHUP'];

export interface ShutdownSignals {
  /** Start-up is done: `stop` handles every shutdown signal from now on, and at once the one that came during start-up, if any. */
  ready(stop: (signal: string) => Promise<void>): void;
}

/**
 * Makes the caller the only listener of the shutdown signals, from the first
 * line of start-up. Remotion's browser launcher listens for SIGTERM, SIGINT and
 * SIGHUP and kills the browser without exiting (SIGINT exits 130), which would
 * break the render a graceful shutdown lets finish, and would swallow a signal
 * sent during start-up, leaving a service that then listens forever; it adds
 * them again whenever the browser is relaunched, so they are removed as they
 * come. Its 'exit' listener stays: the browser still dies with the process.
 * A signal during start-up is held until `ready`: stopping half-built parts
 * would race their own start.
 */
export function holdShutdownSignals(): ShutdownSignals {
  const ours = new Set<(...args: unknown[]) => void>();
  let stop: ((signal: string) => Promise<void>) | null = null;
  let heldSignal: string | null = null;
  process.on('newListener', (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (typeof event === 'string' && FOREIGN_SIGNALS.includes(event) && !ours.has(listener)) {
      setImmediate(() => process.removeListener(event, listener));
    }
  });
  for (const signal of FOREIGN_SIGNALS) process.removeAllListeners(signal);
  for (const signal of SHUTDOWN_SIGNALS) {
    const listener = () => {
      if (stop) void stop(signal);
      else heldSignal ??= signal;
    };
    ours.add(listener);
    process.on(signal, listener);
  }
  return {
    ready(handler) {
      stop = handler;
      if (heldSignal !== null) void handler(heldSignal);
    },
  };
}
