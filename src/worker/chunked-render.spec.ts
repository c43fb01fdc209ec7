import pino from 'pino';
import { RenderFailure } from '../common/render-failure';
import { loadConfig } from '../config/app-config';
import type { ChunkJob, ChunkOutcome } from '../queue/job-registry';
import type { CompositorRenderer } from '../render/compositor/compositor-renderer';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { RenderCancelled } from '../render/render-engine';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskEntity } from '../tasks/task.entity';
import { ChunkedRenders, type ChunkQueue } from './chunked-render';

type State = Awaited<ReturnType<ChunkQueue['chunkState']>>;

/**
 * The queue as the coordinator sees it: chunk jobs it enqueued, whose state a test
 * scripts. Records what was enqueued and removed, and the most jobs of the task
 * waiting or running at once.
 */
class ScriptedQueue implements ChunkQueue {
  readonly enqueued: Array<ChunkJob & { priority: string }> = [];
  readonly removed: string[] = [];
  readonly states = new Map<number, State>();
  mostInFlight = 0;
  /** What Redis says of the workers serving chunks. */
  workers: number | null = 2;
  /** Whether a worker takes each chunk as soon as it is asked for (else it waits in the queue). */
  taken = true;

  async chunkWorkers(): Promise<number | null> {
    return this.workers;
  }

  async enqueueChunk(chunk: ChunkJob, priority: string): Promise<void> {
    this.enqueued.push({ ...chunk, priority });
    this.states.set(chunk.index, { kind: 'pending', progress: 0, started: this.taken });
    this.mostInFlight = Math.max(this.mostInFlight, [...this.states.values()].filter((s) => s.kind === 'pending').length);
  }

  async chunkState(_taskId: string, _attempt: number, index: number): Promise<State> {
    return this.states.get(index) ?? { kind: 'missing' };
  }

  async removeChunk(taskId: string, attempt: number, index: number): Promise<void> {
    this.removed.push(`${taskId}:${attempt}:${index}`);
  }

  /** Ends every pending chunk with `outcome(index)` after `ms`. */
  endPendingAfter(ms: number, outcome: (index: number) => ChunkOutcome): NodeJS.Timeout {
    return setInterval(() => {
      for (const [index, state] of this.states) if (state.kind === 'pending') this.states.set(index, { kind: 'ended', outcome: outcome(index) });
    }, ms);
  }
}

// Chunks of 4 s: shorter than the preview GIF, so the coordinator leaves the previews to its caller and runs no ffmpeg here.
const plan = { fps: 10, durationInFrames: 160 } as RenderPlan;
const task = {
  id: 'tsk_chunks',
  renderAttempts: 2,
  priority: 'high',
  outputSettings: { width: 320, height: 180, framerate: 10, format: 'mp4', quality: 'draft', codec: 'h264' },
} as TaskEntity;

/** The task as `removeChunks` reads it: a timeline of `plan`'s length. */
const longTask = { ...task, timeline: { duration_ms: 16_000, tracks: [] } } as TaskEntity;

function chunkedRenders(queue: ScriptedQueue, storage: Partial<OutputStorage>, env: Record<string, string> = {}) {
  const config = loadConfig({ CHUNK_MIN_SECONDS: '10', CHUNK_SECONDS: '4', CHUNKS_PER_TASK: '2', ...env });
  return new ChunkedRenders({
    config,
    logger: pino({ level: 'silent' }),
    jobs: queue,
    storage: storage as OutputStorage,
    compositor: { joinChunks: async () => undefined, mixSoundTrack: async () => undefined } as unknown as CompositorRenderer,
  });
}

const args = (signal = new AbortController().signal, onProgress: (f: number) => void = () => undefined) => ({
  plan,
  outPath: '/tmp/never-written.mp4',
  previews: { thumbnailPath: '/tmp/never-written.jpg', gifPath: '/tmp/never-written.gif' },
  workDir: '/tmp',
  signal,
  timeoutMs: 60_000,
  onProgress,
});

describe('ChunkedRenders', () => {
  it('chunks only timelines longer than CHUNK_MIN_SECONDS, in ranges of CHUNK_SECONDS', () => {
    const renders = chunkedRenders(new ScriptedQueue(), {});
    expect(renders.rangesOf({ fps: 10, durationInFrames: 100 })).toBeNull();
    expect(renders.rangesOf(plan)).toEqual([
      { from: 0, to: 40 },
      { from: 40, to: 80 },
      { from: 80, to: 120 },
      { from: 120, to: 160 },
    ]);
  });

  it('splits a long task only when at least CHUNK_MIN_WORKERS workers serve chunks, or Redis does not say', async () => {
    const queue = new ScriptedQueue();
    const renders = chunkedRenders(queue, {});
    const long = { ...task, timeline: { duration_ms: 16_000, tracks: [] }, outputSettings: { ...task.outputSettings, framerate: 10 } } as TaskEntity;
    expect(await renders.rangesFor(long)).toHaveLength(4);
    queue.workers = 1;
    expect(await renders.rangesFor(long)).toBeNull();
    expect(await chunkedRenders(queue, {}, { CHUNK_MIN_WORKERS: '1' }).rangesFor(long)).toHaveLength(4);
    queue.workers = null;
    expect(await renders.rangesFor(long)).toHaveLength(4);
    expect(await renders.rangesFor({ ...long, timeline: { duration_ms: 9_000, tracks: [] } })).toBeNull();
  });

  it('keeps at most CHUNKS_PER_TASK chunks queued, with the task priority and attempt, joins them in order, and leaves the removal to `removeChunks`', async () => {
    const queue = new ScriptedQueue();
    const copied: string[] = [];
    const deleted: string[] = [];
    const storage = {
      copyTo: async (key: string) => void copied.push(key),
      delete: async (key: string) => void deleted.push(key),
    };
    const ticker = queue.endPendingAfter(300, (index) => ({ kind: 'rendered', key: `chunks/tsk_chunks/2-${index}.mp4`, engine: 'compositor', workerId: 'w2' }));
    const progress: number[] = [];
    const renders = chunkedRenders(queue, storage);
    const run = renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal);
    const result = await renders
      .coordinate(
        args(undefined, (f) => progress.push(f)),
        run,
      )
      .finally(() => clearInterval(ticker));
    expect(result).toMatchObject({ engine: 'compositor', durationInFrames: 160, previewsMade: false });
    expect(queue.mostInFlight).toBe(2);
    expect(queue.enqueued.map((c) => [c.index, c.attempt, c.fromFrame, c.toFrame, c.priority])).toEqual([
      [0, 2, 0, 40, 'high'],
      [1, 2, 40, 80, 'high'],
      [2, 2, 80, 120, 'high'],
      [3, 2, 120, 160, 'high'],
    ]);
    expect(copied.sort()).toEqual([0, 1, 2, 3].map((i) => `chunks/tsk_chunks/2-${i}.mp4`));
    expect(progress.every((f, i) => i === 0 || f >= progress[i - 1])).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // The task's fate is not recorded yet: a chunk removed now could still be running.
    expect([deleted, queue.removed]).toEqual([[], []]);
    await renders.removeChunks(longTask);
    // Both attempts' chunks: the first attempt's coordinator may have died holding some.
    expect(deleted.sort()).toEqual([1, 2].flatMap((a) => [0, 1, 2, 3].map((i) => `chunks/tsk_chunks/${a}-${i}.mp4`)).sort());
    expect(queue.removed).toHaveLength(8);
  });

  it('fails with the chunk failure as it is (code, message, details), once, and asks for no more chunks', async () => {
    const queue = new ScriptedQueue();
    const deleted: string[] = [];
    const ticker = queue.endPendingAfter(300, (index) =>
      index === 1
        ? {
            kind: 'failed',
            code: 'MEDIA_DOWNLOAD_FAILED',
            message: 'Could not download https://example.com/a.mp4',
            retryPossible: true,
            details: { media_url: 'https://example.com/a.mp4', http_status: 404 },
            suggestedAction: 'Check the URL',
          }
        : { kind: 'rendered', key: `chunks/tsk_chunks/2-${index}.mp4`, engine: 'compositor', workerId: 'w2' },
    );
    const renders = chunkedRenders(queue, { copyTo: async () => undefined, delete: async (key: string) => void deleted.push(key) });
    const failure = await renders
      .coordinate(args(), renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal))
      .catch((error: unknown) => error)
      .finally(() => clearInterval(ticker));
    expect(failure).toBeInstanceOf(RenderFailure);
    expect(failure).toMatchObject({
      code: 'MEDIA_DOWNLOAD_FAILED',
      message: 'Could not download https://example.com/a.mp4',
      retryPossible: true,
      details: { media_url: 'https://example.com/a.mp4', http_status: 404 },
      suggestedAction: 'Check the URL',
    });
    // Chunks 2 and 3 were never asked for: the render stopped at the first failure.
    expect(queue.enqueued.map((c) => c.index)).toEqual([0, 1]);
    expect([deleted, queue.removed]).toEqual([[], []]);
  });

  it("refuses a chunk whose result names another object than the chunk's own key, and copies nothing of it", async () => {
    const queue = new ScriptedQueue();
    const copied: string[] = [];
    // Another account's output: a chunk job's result must not choose what the coordinator copies into this task's video.
    const ticker = queue.endPendingAfter(300, (index) => ({
      kind: 'rendered',
      key: index === 0 ? 'acc_other/tsk_other/video.mp4' : `chunks/tsk_chunks/2-${index}.mp4`,
      engine: 'compositor',
      workerId: 'w2',
    }));
    const renders = chunkedRenders(queue, { copyTo: async (key: string) => void copied.push(key), delete: async () => undefined });
    const failure = await renders
      .coordinate(args(), renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal))
      .catch((error: unknown) => error)
      .finally(() => clearInterval(ticker));
    expect(failure).toBeInstanceOf(RenderFailure);
    expect(failure).toMatchObject({ code: 'RENDER_FAILED', message: 'A chunk of the render reported a file it was not asked to write' });
    expect(copied).not.toContain('acc_other/tsk_other/video.mp4');
  });

  it('fails with WORKER_CRASHED when Bull gave up on a chunk whose workers kept dying', async () => {
    const queue = new ScriptedQueue();
    const ticker = setInterval(() => queue.states.set(0, { kind: 'crashed', reason: 'job stalled more than allowable limit' }), 300);
    const renders = chunkedRenders(queue, { delete: async () => undefined });
    const failure = await renders
      .coordinate(args(), renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal))
      .catch((error: unknown) => error)
      .finally(() => clearInterval(ticker));
    // Bull's own words are for the log.
    expect(failure).toMatchObject({
      code: 'WORKER_CRASHED',
      retryPossible: true,
      message: 'A chunk of the render was interrupted by worker crashes or could not begin',
    });
  });

  it('counts no time during which its chunks wait for a worker against the limit, and times out once they run past it', async () => {
    const queue = new ScriptedQueue();
    queue.taken = false;
    const startedAt = Date.now();
    const taken = setTimeout(() => {
      for (const [index, state] of queue.states) if (state.kind === 'pending') queue.states.set(index, { ...state, started: true });
    }, 1_200);
    const renders = chunkedRenders(queue, { delete: async () => undefined });
    const failure = await renders
      .coordinate({ ...args(), timeoutMs: 600 }, renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal))
      .catch((error: unknown) => error)
      .finally(() => clearTimeout(taken));
    expect(failure).toMatchObject({ code: 'PROCESSING_TIMEOUT', message: 'Rendering took longer than 600 ms' });
    // 1.2 s in the queue (counted to within a poll of 250 ms), then 0.6 s of rendering.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_500);
  });

  it('abandons a run whose plan failed: stops following its chunks, which `removeChunks` then drops', async () => {
    const queue = new ScriptedQueue();
    const renders = chunkedRenders(queue, { delete: async () => undefined });
    const run = renders.start(task, renders.rangesOf(plan) ?? [], new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await renders.abandon(run);
    await expect(run.rendered).rejects.toBeInstanceOf(RenderCancelled);
    expect(queue.enqueued).toHaveLength(2);
    expect(queue.removed).toEqual([]);
    await renders.removeChunks(longTask);
    expect(queue.removed.sort()).toEqual([1, 2].flatMap((a) => [0, 1, 2, 3].map((i) => `tsk_chunks:${a}:${i}`)));
  });

  it("removes every attempt's chunks of a long task whose last attempt rendered whole, and none of a short task", async () => {
    const queue = new ScriptedQueue();
    const deleted: string[] = [];
    const renders = chunkedRenders(queue, { delete: async (key: string) => void deleted.push(key) });
    await renders.removeChunks({ ...longTask, renderAttempts: 3 });
    expect(queue.removed.sort()).toEqual([1, 2, 3].flatMap((a) => [0, 1, 2, 3].map((i) => `tsk_chunks:${a}:${i}`)));
    expect(deleted.sort()).toEqual([1, 2, 3].flatMap((a) => [0, 1, 2, 3].map((i) => `chunks/tsk_chunks/${a}-${i}.mp4`)));
    const short = new ScriptedQueue();
    await chunkedRenders(short, { delete: async () => undefined }).removeChunks({ ...task, timeline: { duration_ms: 9_000, tracks: [] } });
    expect(short.removed).toEqual([]);
  });

  it('stops as canceled when its signal aborts', async () => {
    const queue = new ScriptedQueue();
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 400);
    const renders = chunkedRenders(queue, { delete: async () => undefined });
    await expect(renders.coordinate(args(abort.signal), renders.start(task, renders.rangesOf(plan) ?? [], abort.signal))).rejects.toBeInstanceOf(
      RenderCancelled,
    );
    expect(queue.enqueued).toHaveLength(2);
  });
});
