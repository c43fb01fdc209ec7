import { DataSource } from 'typeorm';
import type { OutputQuality, ResolvedOutput } from './task-input.types';
import { TaskEntity } from './task.entity';

/** Fixed cost of a render (download, browser tab, thumbnail, preview, upload), seconds. */
const OVERHEAD_SECONDS = 4;
/** Seconds per output megapixel-frame before any history exists (measured on 2 cores, 720p h264). */
const PRIOR_SECONDS_PER_UNIT: Record<OutputQuality, number> = { draft: 0.05, standard: 0.07, high: 0.09, premium: 0.12 };
const HISTORY = 50;

export function workUnitsOf(output: Pick<ResolvedOutput, 'width' | 'height' | 'framerate'>, durationMs: number): number {
  const frames = Math.max(1, Math.round((durationMs * output.framerate) / 1000));
  return ((output.width * output.height) / 1_000_000) * frames;
}

export function accuracyOf(estimated: number, actual: number): number {
  const largest = Math.max(estimated, actual);
  return largest === 0 ? 1 : Math.max(0, 1 - Math.abs(estimated - actual) / largest);
}

/**
 * Render-time estimate learned from this deployment's completed renders of the
 * same quality (shared through the database, so every API process agrees):
 * overhead + work × seconds-per-megapixel-frame.
 */
export class EstimateModel {
  constructor(private readonly dataSource: DataSource) {}

  async estimateSeconds(output: ResolvedOutput, durationMs: number): Promise<number> {
    const units = workUnitsOf(output, durationMs);
    const rate = (await this.learnedRate(output.quality)) ?? PRIOR_SECONDS_PER_UNIT[output.quality];
    return Math.max(1, Math.round(OVERHEAD_SECONDS + units * rate));
  }

  private async learnedRate(quality: OutputQuality): Promise<number | null> {
    const recent = await this.dataSource
      .getRepository(TaskEntity)
      .createQueryBuilder('task')
      .select(['task.processingSeconds', 'task.workUnits', 'task.outputSettings'])
      .where('task.status = :status', { status: 'completed' })
      .andWhere('task.processing_seconds IS NOT NULL')
      .orderBy('task.completed_at', 'DESC')
      .limit(HISTORY * 4)
      .getMany();
    const same = recent.filter((task) => task.outputSettings.quality === quality).slice(0, HISTORY);
    const units = same.reduce((sum, task) => sum + task.workUnits, 0);
    if (same.length < 3 || units <= 0) return null;
    const seconds = same.reduce((sum, task) => sum + Math.max(0, (task.processingSeconds ?? 0) - OVERHEAD_SECONDS), 0);
    return seconds / units;
  }
}
