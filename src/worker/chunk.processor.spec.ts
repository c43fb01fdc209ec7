import pino from 'pino';
import { loadConfig } from '../config/app-config';
import type { ChunkJob, ChunkOutcome } from '../queue/job-registry';
import type { OutputStorage } from '../storage/output-storage';
import type { TaskEntity } from '../tasks/task.entity';
import { ChunkProcessor, type ChunkProcessorDeps } from './chunk.processor';

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
