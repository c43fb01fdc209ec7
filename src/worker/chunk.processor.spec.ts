import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/app-config';
import type { ChunkJob, ChunkOutcome, RunningJob } from '../queue/job-registry';
import type { MediaServer } from '../render/media-server';
import { RenderCancelled, type RenderVideoArgs } from '../render/render-engine';
import type { RenderEngines } from '../render/render-engines';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskEntity } from '../tasks/task.entity';
import { ChunkHandedBack, ChunkProcessor, type ChunkProcessorDeps } from './chunk.processor';

const chunk: ChunkJob = { taskId: 'tsk_ended', attempt: 2, index: 1, fromFrame: 40, toFrame: 80 };
const rendered: ChunkOutcome = { kind: 'rendered', key: 'chunks/tsk_ended/2-1.mp4', engine: 'compositor', workerId: 'w1' };

/** A processor whose task reads as `task`, recording the chunk jobs and files it removes. */
function processorOver(task: Partial<TaskEntity> | null) {
  const removedJobs: string[] = [];
  const deletedFiles: string[] = [];
  const deps = {
    config: loadConfig({}),
    logger: pino({ level: 'silent' }),
    workerId: 'w1',
    tasks: {
      findById: async (id: string) =>
        task === null ? null : ({ id, outputSettings: { format: 'mp4', codec: 'h264', quality: 'draft' }, ...task } as TaskEntity),
    },
    jobs: { removeChunk: async (taskId: string, attempt: number, index: number) => void removedJobs.push(`${taskId}:${attempt}:${index}`) },
    storage: { delete: async (key: string) => void deletedFiles.push(key) } as unknown as OutputStorage,
  } as ChunkProcessorDeps;
  return { processor: new ChunkProcessor(deps), removedJobs, deletedFiles };
}

describe('ChunkProcessor.ended', () => {
  it('leaves a chunk whose task is still processing under its attempt: the coordinator reads it, then removes it', async () => {
    const { processor, removedJobs, deletedFiles } = processorOver({ status: 'processing', renderAttempts: 2 });
    await processor.ended(chunk, rendered);
    expect([removedJobs, deletedFiles]).toEqual([[], []]);
  });

  it.each([
    ['failed', { status: 'failed', renderAttempts: 2 }],
    ['canceled', { status: 'canceled', renderAttempts: 2 }],
    ['taken over by a later attempt', { status: 'processing', renderAttempts: 3 }],
  ] as const)('removes the job and the rendered file of a chunk whose task was %s', async (_, task) => {
    const { processor, removedJobs, deletedFiles } = processorOver(task);
    await processor.ended(chunk, rendered);
    expect([removedJobs, deletedFiles]).toEqual([['tsk_ended:2:1'], ['chunks/tsk_ended/2-1.mp4']]);
  });

  it("deletes the chunk's own file, never the object its result names", async () => {
    const { processor, deletedFiles } = processorOver({ status: 'canceled', renderAttempts: 2 });
    await processor.ended(chunk, { ...rendered, key: 'acc_other/tsk_other/video.mp4' });
    expect(deletedFiles).toEqual(['chunks/tsk_ended/2-1.mp4']);
  });

  it('removes the job of a chunk that stopped, failed for good, or whose task is gone, and deletes no file it did not keep', async () => {
    const gone = processorOver(null);
    await gone.processor.ended(chunk, { kind: 'stopped' });
    const failed = processorOver({ status: 'failed', renderAttempts: 2 });
    await failed.processor.ended(chunk, null);
    expect([gone.removedJobs, failed.removedJobs]).toEqual([['tsk_ended:2:1'], ['tsk_ended:2:1']]);
    expect([gone.deletedFiles, failed.deletedFiles]).toEqual([[], []]);
  });
});

describe('ChunkProcessor.renderChunk, stopped mid-render', () => {
  let workArea: string;
  beforeEach(() => {
    workArea = mkdtempSync(join(tmpdir(), 'rs-chunk-processor-'));
  });
  afterEach(() => rmSync(workArea, { recursive: true, force: true }));

  /**
   * A processor whose task (no media to fetch) reads as `status`, with an engine that renders until its
   * signal aborts; `rendering` settles once the engine has begun.
   */
  function renderingProcessor(status: () => string) {
    let begun: () => void = () => undefined;
    const rendering = new Promise<void>((resolve) => (begun = resolve));
    const deletedFiles: string[] = [];
    const renderer = {
      renderVideo: ({ signal }: RenderVideoArgs) => {
        begun();
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new RenderCancelled('chunk render'))));
      },
    } as unknown as RenderEngines;
    const deps = {
      config: loadConfig({}),
      logger: pino({ level: 'silent' }),
      workerId: 'w1',
      workArea,
      mediaServer: { register: () => 'http://127.0.0.1:9/media', unregister: () => undefined } as unknown as MediaServer,
      tasks: {
        findById: async (id: string) =>
          ({
            id,
            status: status(),
            renderAttempts: 2,
            estimatedSeconds: 4,
            timeline: { duration_ms: 4000, tracks: [] },
            outputSettings: { format: 'mp4', codec: 'h264', quality: 'draft', width: 320, height: 180, fps: 10 },
          }) as unknown as TaskEntity,
      },
      jobs: { removeChunk: async () => undefined },
      storage: { delete: async (key: string) => void deletedFiles.push(key) } as unknown as OutputStorage,
      renderer,
    } as unknown as ChunkProcessorDeps;
    const job = { progress: async () => undefined } as unknown as RunningJob;
    return { processor: new ChunkProcessor(deps), rendering, deletedFiles, job };
  }

  it('hands the chunk back when the worker stops: it throws ChunkHandedBack, never an outcome the coordinator would act on', async () => {
    const { processor, rendering, deletedFiles, job } = renderingProcessor(() => 'processing');
    const outcome = processor.renderChunk(chunk, job);
    await rendering;
    processor.handBack();
    await expect(outcome).rejects.toBeInstanceOf(ChunkHandedBack);
    expect(deletedFiles).toEqual(['chunks/tsk_ended/2-1.mp4']);
  });

  it('reports "stopped" when its task moved on while it rendered', async () => {
    let status = 'processing';
    const { processor, rendering, job } = renderingProcessor(() => status);
    const outcome = processor.renderChunk(chunk, job);
    await rendering;
    status = 'canceled';
    await expect(outcome).resolves.toEqual({ kind: 'stopped' });
  });
});
