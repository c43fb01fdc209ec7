import 'reflect-metadata';
import { loadConfig } from '../config/app-config';
import { openDatabase } from '../database/data-source';
import { TaskEntity } from '../tasks/task.entity';
import { TasksRepository } from '../tasks/tasks.repository';
import { CredentialSealer, WebhookCredentials } from '../tasks/webhook-credentials';
import { loadSecretBox } from './secrets-key';
import { type CliIo, runInTerminal } from '../common/terminal-cli';

const USAGE = `Usage: npm run secrets -- reseal

  reseal
      Seals every stored webhook secret and header value with SECRETS_KEY: those still in the
      clear, and those sealed with a key of SECRETS_KEY_PREVIOUS. Run it once every node has the
      new SECRETS_KEY; once it has run, the previous keys can be removed (docs/security.md).`;

/**
 * `npm run secrets -- reseal`: the last step of a SECRETS_KEY rotation, in the
 * configured database, with the service running or not. Exit codes: 0 ok,
 * 2 usage error, 1 failure.
 */
export async function runSecretsCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'reseal') {
    (argv[0] === 'help' ? io.stdout : io.stderr)(USAGE);
    return argv[0] === 'help' ? 0 : 2;
  }
  let close: (() => Promise<void>) | null = null;
  try {
    const config = loadConfig(io.env);
    const credentials = new WebhookCredentials(loadSecretBox(config));
    const db = await openDatabase(config, [TaskEntity]);
    close = () => db.close();
    const sealer = new CredentialSealer(db, new TasksRepository(db), credentials);
    const sealed = await sealer.sealUnsealed();
    const resealed = await sealer.resealWithCurrentKey();
    io.stdout(`Sealed ${sealed} task webhook(s) stored in the clear and resealed ${resealed} sealed with a previous key; all are sealed with SECRETS_KEY now.`);
    return 0;
  } catch (error) {
    io.stderr(`secrets: error: ${error instanceof Error ? error.message : String(error)}`.replace(/\s*\n\s*/g, ' '));
    return 1;
  } finally {
    await close?.();
  }
}

if (require.main === module) runInTerminal(runSecretsCli);
