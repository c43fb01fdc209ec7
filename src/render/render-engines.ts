/**
 * The engine choice (`RENDER_ENGINE`): `auto` draws with the compositor
 * whenever the plan can be expressed and otherwise with full Remotion,
 * logging why once per task; `compositor` does the same but lets a compositor
 * failure fail the task instead of trying Remotion (for operators chasing a
 * compositor bug); `remotion` always captures every frame in Chromium.
 * Nothing a client sends can make a task fail because of the choice.
 */
import type { Logger } from 'pino';
import { RenderFailure } from '../common/render-failure';
import type { RenderEngineSetting } from '../config/app-config';
import { compositorSupport, NotExpressible } from './compositor/compositor-support';
import type { CompositorRenderer } from './compositor/compositor-renderer';
import type { RemotionRenderer } from './remotion-renderer';
import { RenderCancelled, type RenderVideoArgs, type RenderVideoResult } from './render-engine';

export interface RenderEnginesOptions {
  setting: RenderEngineSetting;
  remotion: RemotionRenderer;
  compositor: CompositorRenderer;
  logger: Logger;
}

/** Errors that another engine would meet as well: the task's own, or the caller's. */
function isFinal(err: unknown): boolean {
  return err instanceof RenderCancelled || (err instanceof RenderFailure && err.code !== 'RENDER_FAILED');
}

export class RenderEngines {
  constructor(private readonly opts: RenderEnginesOptions) {}

  async renderVideo(args: RenderVideoArgs & { taskId: string }): Promise<RenderVideoResult> {
    const { setting, remotion, compositor, logger } = this.opts;
    if (setting === 'remotion') return remotion.renderVideo(args);
    const support = compositorSupport(args.plan);
    if (!support.ok) {
      logger.info({ task_id: args.taskId, reason: support.reason }, 'rendering with Remotion: the compositor cannot express this plan');
      return remotion.renderVideo(args);
    }
    try {
      return await compositor.renderVideo(args);
    } catch (err) {
      if (err instanceof NotExpressible) {
        logger.info({ task_id: args.taskId, reason: err.reason }, 'rendering with Remotion: the compositor cannot express this plan');
        return remotion.renderVideo(args);
      }
      if (setting === 'compositor' || isFinal(err)) throw err;
      logger.warn({ task_id: args.taskId, err }, 'the compositor failed; rendering the task again with Remotion');
      return remotion.renderVideo(args);
    }
  }
}
