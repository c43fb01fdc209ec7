import type { SecretBox } from '../common/secret-box';
import type { Database } from '../database/database';
import type { TaskEntity } from './task.entity';
import type { WebhookInput } from '../task-input/task-input.types';
import type { TasksRepository } from './tasks.repository';

/** What a webhook holds for the client's own receiver: the signing secret and the header values. */
type Credentials = Pick<WebhookInput, 'secret' | 'headers'>;

type StoredWebhook = Pick<TaskEntity, 'webhook' | 'webhookCredentials'>;

/** What `webhook_credentials` holds for a webhook without credentials: nothing to seal, and not a row to seal later (null). */
const NOTHING_SEALED = '';

/** A task's credentials open only in its own row: a sealed value copied to another task does not. */
const placeOf = (taskId: string) => `tasks.webhook_credentials:${taskId}`;

/**
 * Keeps a task's webhook credentials sealed at rest (SECRETS_KEY): the
 * `webhook` column holds the rest of the webhook (URL, events, timeouts) in
 * the clear, `webhook_credentials` the secret and the header values, sealed
 * together (the header names with them: the submitted request view lists the
 * names after opening).
 */
export class WebhookCredentials {
  constructor(private readonly box: SecretBox) {}

  /** A task's webhook as it is stored; a webhook without a secret or headers has nothing to seal (''). */
  seal(taskId: string, webhook: WebhookInput): StoredWebhook {
    const { secret, headers, ...rest } = webhook;
    if (secret === undefined && headers === undefined) return { webhook: rest, webhookCredentials: NOTHING_SEALED };
    const credentials: Credentials = { secret, headers };
    return { webhook: rest, webhookCredentials: this.box.seal(JSON.stringify(credentials), placeOf(taskId)) };
  }

  /** The webhook the task was created with; a row not sealed yet holds its credentials in `webhook` itself. */
  open(task: Pick<TaskEntity, 'id'> & StoredWebhook): WebhookInput {
    if (task.webhookCredentials === null || task.webhookCredentials === NOTHING_SEALED) return task.webhook;
    const credentials = JSON.parse(this.box.open(task.webhookCredentials, placeOf(task.id))) as Credentials;
    return { ...task.webhook, ...credentials };
  }

  /** A task's sealed credentials sealed again with the current key; null when they already are. */
  resealed(taskId: string, sealed: string): string | null {
    if (sealed === NOTHING_SEALED || this.box.sealedWithCurrentKey(sealed)) return null;
    return this.box.seal(this.box.open(sealed, placeOf(taskId)), placeOf(taskId));
  }
}

/** Rows read per statement, and written per unit of work, while sealing. */
const BATCH = 200;

/** Seals the stored credentials that are not sealed, or not with the current key. */
export class CredentialSealer {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly tasks: TasksRepository,
    private readonly credentials: WebhookCredentials,
  ) {}

  /**
   * Seals the rows written before sealing existed (or by an older release during
   * an upgrade); every process does it as it starts. Returns how many it sealed.
   */
  async sealUnsealed(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const rows = await this.tasks.findUnsealedWebhooks(BATCH);
      sealed += await this.writeEach(rows, (row) => this.tasks.resealWebhook(row.id, null, this.credentials.seal(row.id, row.webhook)));
      if (rows.length < BATCH) return sealed;
    }
  }

  /**
   * After a key rotation: seals again with SECRETS_KEY every value sealed with a
   * previous key, so that the previous key can be dropped. Returns how many it resealed.
   */
  async resealWithCurrentKey(): Promise<number> {
    let resealed = 0;
    let after = '';
    for (;;) {
      const rows = await this.tasks.findSealedWebhooksAfter(after, BATCH);
      resealed += await this.writeEach(rows, async (row) => {
        const webhookCredentials = this.credentials.resealed(row.id, row.webhookCredentials);
        return webhookCredentials !== null && this.tasks.resealWebhook(row.id, row.webhookCredentials, { webhookCredentials });
      });
      if (rows.length < BATCH) return resealed;
      after = rows[rows.length - 1].id;
    }
  }

  /** One unit of work for a batch (one commit instead of one per row); how many rows `write` changed. */
  private writeEach<Row>(rows: Row[], write: (row: Row) => Promise<boolean>): Promise<number> {
    return this.db.transaction(async () => {
      let written = 0;
      for (const row of rows) if (await write(row)) written += 1;
      return written;
    });
  }
}
