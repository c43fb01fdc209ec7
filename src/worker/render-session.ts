/**
 * The frame of one render run on a worker (a whole task or one chunk): a
 * private work dir in the worker's work area (work-area.ts), the task's media
 * served to Chromium under a fresh token, and an abort once the task is no
 * longer this run's (canceled, failed by another run, or taken over by a later
 * attempt), checked every 500 ms.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaServer } from '../render/media-server';

const STATUS_POLL_MS = 500;

export interface RenderSessionDeps {
  /** This worker process's folder for its renders' files (work-area.ts). */
  workArea: string;
  mediaServer: MediaServer;
}

export interface RenderSession {
  workDir: string;
  /** The media server's URL of the work dir, for plan `src` values. */
  baseUrl: string;
  /** Aborted when the run is no longer wanted (see `stillWanted`) or `abort()` is called. */
  signal: AbortSignal;
  /** Whether the abort came from the task moving on, rather than from `abort()`. */
  unwanted: () => boolean;
  abort: () => void;
}

/** Runs `body` in a session named `name` (the work dir's name), and removes the work dir afterwards, whatever happens. */
export async function inRenderSession<T>(
  deps: RenderSessionDeps,
  name: string,
  stillWanted: () => Promise<boolean>,
  body: (session: RenderSession) => Promise<T>,
): Promise<T> {
  const workDir = join(deps.workArea, name);
  const token = randomUUID();
  const abort = new AbortController();
  let unwanted = false;
  const poll = setInterval(() => {
    void stillWanted()
      .then((wanted) => {
        if (!wanted && !unwanted) {
          unwanted = true;
          abort.abort();
        }
      })
      .catch(() => undefined);
  }, STATUS_POLL_MS);
  try {
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const baseUrl = deps.mediaServer.register(token, workDir);
    return await body({ workDir, baseUrl, signal: abort.signal, unwanted: () => unwanted, abort: () => abort.abort() });
  } finally {
    clearInterval(poll);
    deps.mediaServer.unregister(token);
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
