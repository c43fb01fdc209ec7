import { holdShutdownSignals } from './shutdown-signals';

const WATCHED = ['SIGTERM', 'SIGINT', 'SIGHUP', 'newListener'] as const;

describe('holdShutdownSignals', () => {
  // The module takes over the test process's own signal listeners: they are put back after each test.
  let saved: Map<string, ((...args: unknown[]) => void)[]>;
  beforeEach(() => {
    saved = new Map(WATCHED.map((event) => [event, process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[]]));
  });
  afterEach(() => {
    for (const event of WATCHED) {
      process.removeAllListeners(event);
      for (const listener of saved.get(event) ?? []) process.on(event, listener);
    }
  });

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('holds a signal that comes during start-up and hands it to the stop function once start-up is done, once', async () => {
    const signals = holdShutdownSignals();
    process.emit('SIGTERM');
    process.emit('SIGINT');
    const seen: string[] = [];
    signals.ready(async (signal) => void seen.push(signal));
    expect(seen).toEqual(['SIGTERM']);
  });

  it('hands every signal after start-up straight to the stop function', () => {
    const signals = holdShutdownSignals();
    const seen: string[] = [];
    signals.ready(async (signal) => void seen.push(signal));
    expect(seen).toEqual([]);
    process.emit('SIGINT');
    expect(seen).toEqual(['SIGINT']);
  });

  it("removes another module's shutdown listeners, those there before and those added later, so none can swallow a signal", async () => {
    let foreignCalls = 0;
    process.on('SIGHUP', () => (foreignCalls += 1));
    const signals = holdShutdownSignals();
    process.on('SIGTERM', () => (foreignCalls += 1));
    await nextTurn();
    expect([process.listenerCount('SIGTERM'), process.listenerCount('SIGINT'), process.listenerCount('SIGHUP')]).toEqual([1, 1, 0]);
    const seen: string[] = [];
    signals.ready(async (signal) => void seen.push(signal));
    process.emit('SIGTERM');
    expect([seen, foreignCalls]).toEqual([['SIGTERM'], 0]);
  });
});
