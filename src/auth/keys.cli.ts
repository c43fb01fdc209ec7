import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config';
import { openDatabase } from '../database/data-source';
import { AccountEntity } from './account.entity';
import { AccountsRepository } from './accounts.repository';
import { ApiKeyEntity } from './api-key.entity';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService, type CreateKeyRequest, type IssuedKey } from './api-keys.service';
import { PERMISSIONS, TIERS, type Permission, type Tier } from './auth.types';
import { limitsForKey } from './tier-limits';
import { isoTime } from '../common/iso-time';
import { CreditsService } from './credits.service';
import { CliKeyAnnouncer } from './key-changes';
import { type CliIo, runInTerminal } from '../common/terminal-cli';

/**
 * `npm run keys -- create|list|revoke|rotate …`: manages API keys directly in the
 * configured database (DATABASE_URL, else the SQLite file in DATA_DIR). It needs
 * no running service; revoke and rotate also tell the API processes through the
 * service's Redis (key-changes.ts), and exit 1 saying so when they cannot.
 * Exit codes: 0 ok, 2 usage error, 1 failure.
 */

export const USAGE = `Usage: npm run keys -- <command> [options]

  create --account <name> --tier <standard|pro|enterprise> [--permissions a,b] [--name N]
         [--expires-in-days N] [--rate-limit N] [--concurrent-renders N] [--monthly-renders N]
         [--max-storage-gb N] [--json]
      Issues a key and prints it once. Permissions default to all: ${PERMISSIONS.join(', ')}.
  list [--account A] [--json]
      Lists keys (never the keys themselves): id, account, name, tier, permissions, hint, dates.
  revoke <key_id>
      The key stops working on its next request.
  rotate <key_id> [--grace-hours N] [--json]
      Issues a replacement; the old key keeps working for N hours (default KEY_ROTATION_GRACE_HOURS).
  credits --account <name> (--usd <amount> | --unlimited) [--json]
      Sets the account's prepaid balance in USD (creates are refused with 402 once it is spent),
      or lifts it (the default: unlimited).
  help
      Shows this text.`;

export class UsageError extends Error {}

interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['json', 'help', 'unlimited']);
const COMMAND_FLAGS: Record<string, string[]> = {
  create: ['account', 'tier', 'permissions', 'name', 'expires-in-days', 'rate-limit', 'concurrent-renders', 'monthly-renders', 'max-storage-gb', 'json'],
  list: ['account', 'json'],
  revoke: ['json'],
  rotate: ['grace-hours', 'json'],
  credits: ['account', 'usd', 'unlimited', 'json'],
};
const POSITIONALS: Record<string, number> = { create: 0, list: 0, revoke: 1, rotate: 1, credits: 0 };

export function parseArgs(argv: string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (flags.has(name)) throw new UsageError(`--${name} is given twice`);
    if (BOOLEAN_FLAGS.has(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else if (eq !== -1) {
      flags.set(name, arg.slice(eq + 1));
    } else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
      i++;
    }
  }
  return { command, positionals, flags };
}

function checkShape(args: ParsedArgs): void {
  const command = args.command ?? '';
  const allowed = COMMAND_FLAGS[command];
  if (!allowed) throw new UsageError(args.command ? `unknown command "${command}"` : 'no command given');
  for (const name of args.flags.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`${command} does not accept --${name}`);
  }
  const expected = POSITIONALS[command];
  if (args.positionals.length !== expected) {
    throw new UsageError(expected === 0 ? `${command} takes no arguments besides options` : `${command} needs exactly one <key_id>`);
  }
}

function text(flags: ParsedArgs['flags'], name: string): string | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  if (value === true || value.trim() === '') throw new UsageError(`--${name} needs a value`);
  return value.trim();
}

function number(flags: ParsedArgs['flags'], name: string, options: { integer: boolean; min: number; max: number }): number | undefined {
  const raw = text(flags, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const shapeOk = options.integer ? /^\d+$/.test(raw) : /^\d+(\.\d+)?$/.test(raw);
  if (!shapeOk || value < options.min || value > options.max) {
    const kind = options.integer ? 'a whole number' : 'a number';
    throw new UsageError(`--${name} must be ${kind} from ${options.min} to ${options.max}, not "${raw}"`);
  }
  return value;
}

function permissionsOf(raw: string | undefined): Permission[] | undefined {
  if (raw === undefined) return undefined;
  const items = [
    ...new Set(
      raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = items.filter((item) => !(PERMISSIONS as readonly string[]).includes(item));
  if (items.length === 0 || unknown.length > 0) {
    throw new UsageError(`--permissions accepts a comma-separated list of ${PERMISSIONS.join(', ')}; not: ${unknown.join(', ') || '(empty)'}`);
  }
  return items as Permission[];
}

export function createRequest(flags: ParsedArgs['flags'], now: number): CreateKeyRequest {
  const account = text(flags, 'account');
  if (!account) throw new UsageError('create needs --account <name>');
  if (account.length > 200) throw new UsageError('--account must be at most 200 characters');
  const tier = text(flags, 'tier');
  if (!tier) throw new UsageError(`create needs --tier <${TIERS.join('|')}>`);
  if (!(TIERS as readonly string[]).includes(tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}, not "${tier}"`);
  const name = text(flags, 'name');
  if (name !== undefined && name.length > 200) throw new UsageError('--name must be at most 200 characters');
  const days = number(flags, 'expires-in-days', { integer: false, min: 0.001, max: 3650 });
  return {
    account,
    tier: tier as Tier,
    permissions: permissionsOf(text(flags, 'permissions')),
    name,
    expiresAt: days === undefined ? null : now + Math.round(days * 86_400_000),
    rateLimitPerMinute: number(flags, 'rate-limit', { integer: true, min: 1, max: 1_000_000 }) ?? null,
    concurrentRenders: number(flags, 'concurrent-renders', { integer: true, min: 1, max: 100_000 }) ?? null,
    monthlyRenders: number(flags, 'monthly-renders', { integer: true, min: 0, max: 1_000_000_000 }) ?? null,
    maxStorageGb: number(flags, 'max-storage-gb', { integer: false, min: 0, max: 1_000_000 }) ?? null,
  };
}

function statusOf(key: ApiKeyEntity, now: number): 'active' | 'revoked' | 'expired' | 'rotating' {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  return key.replacedBy !== null ? 'rotating' : 'active';
}

/** What `list` shows of a key: everything but the key and its hash. */
export function describeKey(key: ApiKeyEntity & { accountName: string }, now: number) {
  return {
    id: key.id,
    account: key.accountName,
    name: key.name,
    tier: key.tier,
    permissions: key.permissions,
    hint: `…${key.keyHint}`,
    status: statusOf(key, now),
    limits: limitsForKey(key),
    created_at: isoTime(key.createdAt),
    last_used_at: isoTime(key.lastUsedAt),
    expires_at: isoTime(key.expiresAt),
    revoked_at: isoTime(key.revokedAt),
    replaced_by: key.replacedBy,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Every flag checked before the database is opened, so a usage error never touches it. */
type Prepared =
  | { command: 'create'; create: CreateKeyRequest }
  | { command: 'rotate'; graceHours: number | undefined }
  /** balanceUsd: the new balance, null = unlimited. */
  | { command: 'credits'; account: string; balanceUsd: number | null }
  | { command: 'list' | 'revoke' };

function prepare(args: ParsedArgs, now: number): Prepared {
  const { command } = args;
  if (command === 'create') return { command, create: createRequest(args.flags, now) };
  if (command === 'rotate') return { command, graceHours: number(args.flags, 'grace-hours', { integer: false, min: 0, max: 24 * 90 }) };
  if (command === 'credits') {
    const account = text(args.flags, 'account');
    if (!account) throw new UsageError('credits needs --account <name>');
    const usd = number(args.flags, 'usd', { integer: false, min: 0, max: 1e12 });
    const unlimited = args.flags.get('unlimited') === true;
    if ((usd === undefined) === !unlimited) throw new UsageError('credits needs exactly one of --usd <amount> or --unlimited');
    return { command, account, balanceUsd: unlimited ? null : (usd ?? null) };
  }
  text(args.flags, 'account');
  if (command === 'list' || command === 'revoke') return { command };
  throw new UsageError(`unknown command "${command}"`);
}

export interface KeyStore {
  keys: ApiKeysService;
  credits: CreditsService;
  close(): Promise<void>;
}

/** The key CLI's composition root: the two tables it maps (migrated first), their repositories and services. */
export async function openKeyStore(config: AppConfig): Promise<KeyStore> {
  const db = await openDatabase(config, [AccountEntity, ApiKeyEntity]);
  const accounts = new AccountsRepository(db);
  return {
    keys: new ApiKeysService(new ApiKeysRepository(db), accounts, config.apiKeyPrefix, Date.now, new CliKeyAnnouncer(config)),
    credits: new CreditsService(accounts),
    close: () => db.close(),
  };
}

async function runCommand(args: ParsedArgs, prepared: Prepared, store: KeyStore, io: CliIo, config: AppConfig): Promise<void> {
  const { keys: service, credits } = store;
  const graceHoursDefault = config.keyRotationGraceHours;
  const json = args.flags.get('json') === true;
  const now = Date.now();
  switch (prepared.command) {
    case 'create': {
      const issued = await service.create(prepared.create);
      const { record } = issued;
      if (json) {
        io.stdout(JSON.stringify({ key: issued.key, account: issued.account.name, tier: record.tier, permissions: record.permissions, id: record.id }));
      } else {
        io.stdout(
          `${issued.key}\n\nKey ${record.id} for account "${issued.account.name}", tier ${record.tier}, permissions ${record.permissions.join(',')}` +
            `${record.expiresAt ? `, expires ${isoTime(record.expiresAt)}` : ''}.\nStore it now: it is shown only this once.`,
        );
      }
      return;
    }
    case 'list':
      return io.stdout(await listing(service, text(args.flags, 'account'), json, now));
    case 'revoke': {
      const keyId = args.positionals[0];
      const existing = await service.find(keyId);
      if (!existing) throw new Error(`no key with id ${keyId}`);
      const revokedNow = await service.revoke(keyId);
      const message = revokedNow ? `Revoked key ${keyId}.` : `Key ${keyId} was already revoked at ${isoTime(existing.revokedAt)}.`;
      io.stdout(json ? JSON.stringify({ id: keyId, revoked: true }) : message);
      return;
    }
    case 'rotate': {
      const keyId = args.positionals[0];
      const issued = await service.rotate(keyId, prepared.graceHours ?? graceHoursDefault);
      const old = await service.find(keyId);
      io.stdout(rotation(issued, keyId, isoTime(old?.expiresAt ?? null), json));
      if (issued.notAnnounced) throw issued.notAnnounced;
      return;
    }
    case 'credits': {
      const { account, balanceUsd: balance } = prepared;
      if (!(await credits.setBalance(account, balance))) throw new Error(`no account named ${account}`);
      const message = balance === null ? `Account "${account}" has unlimited credit.` : `Account "${account}" has a balance of ${balance} USD.`;
      io.stdout(json ? JSON.stringify({ account, credit_balance_usd: balance }) : message);
      return;
    }
  }
}

/** `keys rotate`: the successor key, shown only this once, and when the old one stops. */
function rotation(issued: IssuedKey, keyId: string, oldExpiresAt: string | null, json: boolean): string {
  if (!json) {
    return `${issued.key}\n\nKey ${issued.record.id} replaces ${keyId}, which keeps working until ${oldExpiresAt}.\nStore it now: it is shown only this once.`;
  }
  const { record } = issued;
  return JSON.stringify({
    key: issued.key,
    account: issued.account.name,
    tier: record.tier,
    permissions: record.permissions,
    id: record.id,
    replaces: keyId,
    old_key_expires_at: oldExpiresAt,
  });
}

/** `keys list`: the keys as JSON, or a table for people. */
async function listing(service: ApiKeysService, account: string | undefined, json: boolean, now: number): Promise<string> {
  const keys = (await service.list(account)).map((key) => describeKey(key, now));
  if (json) return JSON.stringify(keys);
  if (keys.length === 0) return 'No keys.';
  const header = ['ID', 'ACCOUNT', 'NAME', 'TIER', 'PERMISSIONS', 'HINT', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES', 'REVOKED'];
  const rows = keys.map((k) =>
    [k.id, k.account, k.name, k.tier, k.permissions.join(','), k.hint, k.status, k.created_at, k.last_used_at, k.expires_at, k.revoked_at].map((v) => v ?? '-'),
  );
  return table([header, ...rows]);
}

function oneLine(error: unknown): string {
  if (error instanceof ConfigError) return `invalid configuration: ${error.problems.join('; ')}`;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ');
}

/** Runs one CLI invocation and returns its exit code. */
export async function runKeysCli(argv: string[], io: CliIo): Promise<number> {
  let args: ParsedArgs;
  let prepared: Prepared;
  try {
    args = parseArgs(argv);
    if (args.command === 'help' || args.command === '--help' || args.flags.get('help') === true) {
      io.stdout(USAGE);
      return 0;
    }
    checkShape(args);
    prepared = prepare(args, Date.now());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`keys: ${error.message} (see: npm run keys -- help)`);
    return 2;
  }
  let store: KeyStore | null = null;
  try {
    const config = loadConfig(io.env);
    store = await openKeyStore(config);
    await runCommand(args, prepared, store, io, config);
    return 0;
  } catch (error) {
    io.stderr(`keys: error: ${oneLine(error)}`);
    return 1;
  } finally {
    await store?.close();
  }
}

if (require.main === module) runInTerminal(runKeysCli);
