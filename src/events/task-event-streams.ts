import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Principal } from '../auth/auth.types';
import type { KeyStanding, KeyStandings } from '../auth/key-standing';
import { ApiError } from '../common/api-error';
import { ownedTask } from '../tasks/task-ownership';
import type { TasksRepository } from '../tasks/tasks.repository';
import { FINAL_EVENT_TYPES } from './final-events';
import { SSE_KEEP_ALIVE, SSE_RECONNECT, sseEvent } from './sse-frame';
import type { TaskEventsRepository } from '../tasks/task-events.repository';
import type { StreamSlots } from './stream-slots';

/** Where a stream's text goes: the HTTP response once the stream is accepted. */
export interface EventStreamSink {
  write(text: string): void;
  end(): void;
  /** Called once the client has gone. */
  onClose(listener: () => void): void;
}

export interface TaskEventStreamSettings {
  heartbeatMs: number;
  maxStreamsPerKey: number;
  /** How often the outbox is read for new events (it is written by whichever process runs the task), and the key checked. */
  pollIntervalMs: number;
  /** Longest a stream stays open; then it ends with SSE_RECONNECT, and the client resumes with Last-Event-ID. */
  maxLifetimeMs: number;
}

/** Rows read per query; a task rarely has more events than this in all. */
const BATCH = 100;
/** Longest Last-Event-ID looked up; event ids are far shorter, so a longer one is simply unknown. */
const MAX_EVENT_ID_LENGTH = 64;

/**
 * `GET /v3/tasks/{id}/events`: a task's outbox events as Server-Sent Events, the
 * past ones first, then each new one as it is written, until a final event. A
 * stream lasts as long as its key may read tasks (checked before each read of
 * the outbox: KeyStandings) and at most `maxLifetimeMs`.
 */
export class TaskEventStreams implements BeforeApplicationShutdown {
  /** The stop function of every open stream of this process. */
  private readonly open = new Set<() => void>();

  constructor(
    private readonly tasks: TasksRepository,
    private readonly events: TaskEventsRepository,
    private readonly slots: StreamSlots,
    private readonly keys: KeyStandings,
    private readonly settings: TaskEventStreamSettings,
    private readonly logger: Logger,
  ) {}

  /**
   * Everything that can refuse the stream, checked before any byte of it is sent
   * (so refusals are ordinary error answers): the task (404) and the key's open
   * streams (429). Resolves with the function that starts the stream.
   */
  async prepare(principal: Principal, taskId: string, lastEventId: string | undefined): Promise<(sink: EventStreamSink) => void> {
    await ownedTask(this.tasks, principal, taskId);
    const resumeAfter = await this.resumePoint(principal.accountId, taskId, lastEventId);
    const limit = this.settings.maxStreamsPerKey;
    const slot = await this.slots.acquire(principal.keyId, limit);
    if (!slot) {
      throw new ApiError('RATE_LIMIT_EXCEEDED', `This API key already has ${limit} event streams open, the most it may hold at once`, {
        details: { max_streams_per_key: limit },
        suggestedAction: 'Close another event stream of this key first, or read GET /v3/tasks/{task_id} instead',
      });
    }
    const standing = this.keys.follow(principal.keyId);
    return (sink) => this.run(principal.accountId, taskId, resumeAfter, sink, standing, () => slot.release());
  }

  /** Ends every open stream: the API is stopping (an open response would hold the server's close forever). */
  beforeApplicationShutdown(): void {
    for (const stop of [...this.open]) stop();
  }

  /** The sequence number to resume after: that of Last-Event-ID, or 0 (the whole history) when it is absent or unknown. */
  private async resumePoint(accountId: string, taskId: string, lastEventId: string | undefined): Promise<number> {
    const id = lastEventId?.trim();
    if (!id || id.length > MAX_EVENT_ID_LENGTH) return 0;
    return (await this.events.sequenceOf(accountId, taskId, id)) ?? 0;
  }

  private run(accountId: string, taskId: string, afterSeq: number, sink: EventStreamSink, standing: KeyStanding, release: () => Promise<void>): void {
    let cursor = afterSeq;
    let stopped = false;
    let nextPoll: NodeJS.Timeout | undefined;
    const heartbeat = setInterval(() => sink.write(SSE_KEEP_ALIVE), this.settings.heartbeatMs);
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      clearTimeout(nextPoll);
      this.open.delete(stop);
      release().catch((error: unknown) => this.logger.warn({ err: error, task_id: taskId }, 'event stream slot not released; its lease will expire'));
      sink.end();
    };
    const poll = async () => {
      try {
        // A revoked or expired key, or one that lost tasks:read, ends the stream; reconnecting is then refused.
        if (!(await standing())?.permissions.includes('tasks:read')) return stop();
        for (;;) {
          const batch = await this.events.after(accountId, taskId, cursor, BATCH);
          if (stopped) return;
          for (const event of batch) {
            sink.write(sseEvent(event.id, event.type, event.body));
            cursor = event.seq;
            if (FINAL_EVENT_TYPES.has(event.type)) return stop();
          }
          if (batch.length < BATCH) break;
        }
      } catch (error) {
        // The database or Redis is unreachable: end the stream rather than log every 300 ms; the client resumes with Last-Event-ID.
        if (!stopped) this.logger.warn({ err: error, task_id: taskId }, 'reading task events failed; the stream is ended');
        return stop();
      }
      if (!stopped) nextPoll = setTimeout(() => void poll(), this.settings.pollIntervalMs);
    };
    // Events are only ever written whole, so the client's Last-Event-ID is exactly where the next stream starts.
    const lifetime = setTimeout(() => {
      sink.write(SSE_RECONNECT);
      stop();
    }, this.settings.maxLifetimeMs);
    this.open.add(stop);
    sink.onClose(stop);
    void poll();
  }
}
