import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'all',
      host: '0.0.0.0',
      port: 8443,
      databaseUrl: null,
      redisUrl: null,
      storageUrl: null,
      networkAllowlist: [],
      webhookRetryScheduleMs: [30_000, 120_000, 480_000, 1_920_000, 7_680_000],
      progressIntervalMs: 30_000,
      chromiumPath: '/usr/lib/chromium/chromium-headless-shell',
      chromiumSandbox: { mode: 'on', user: 'nobody' },
      publicBaseUrl: 'https://localhost:8443',
      sseHeartbeatMs: 15_000,
      sseMaxStreamsPerKey: 5,
      sseMaxStreamSeconds: 3_600,
      secretsKey: null,
      secretsKeyPrevious: [],
      chunking: { minSeconds: 30, seconds: 15, perWorker: 1, perTask: 4, minWorkers: 2 },
    });
    expect(config.storagePublicUrl).toBe(config.publicBaseUrl);
  });

  it('parses lists and URLs', () => {
    const config = loadConfig({
      NETWORK_ALLOWLIST: '127.0.0.1, 10.0.0.0/8',
      DATABASE_URL: 'postgres://u@db:5432/render',
      PUBLIC_BASE_URL: 'https://render.example.com/',
    });
    expect(config.networkAllowlist).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/render');
    expect(config.publicBaseUrl).toBe('https://render.example.com');
  });

  it('stops on a bad value, naming the variable and what it accepts', () => {
    const attempt = () => loadConfig({ ROLE: 'both', PORT: 'eighty', DATABASE_URL: 'mysql://x', TLS_CERT: '/c.pem' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^ROLE="both" is not accepted; use one of: all, api, worker$/),
          expect.stringMatching(/^PORT="eighty" is not accepted; use a whole number from 0 to 65535$/),
          expect.stringMatching(/^DATABASE_URL is not accepted; use a URL starting with postgres:\/\/ or postgresql:\/\//),
          expect.stringMatching(/TLS_CERT and TLS_KEY go together/),
        ]),
      );
    }
  });

  it("reads the limits of a task's subtitles, generous by default, and names a bad one", () => {
    expect(loadConfig({}).subtitlePlanLimits).toEqual({ maxCues: 20_000, maxChars: 500_000, maxCueChars: 2_000, maxCuesAtOnce: 16, maxWords: 50_000 });
    const set = {
      MAX_TASK_SUBTITLE_CUES: '500',
      MAX_TASK_SUBTITLE_CHARS: '9000',
      MAX_SUBTITLE_CUE_CHARS: '300',
      MAX_SUBTITLE_CUES_AT_ONCE: '4',
      MAX_TASK_CAPTION_WORDS: '700',
    };
    expect(loadConfig(set).subtitlePlanLimits).toEqual({ maxCues: 500, maxChars: 9_000, maxCueChars: 300, maxCuesAtOnce: 4, maxWords: 700 });
    expect(() => loadConfig({ MAX_SUBTITLE_CUES_AT_ONCE: '0' })).toThrow(/MAX_SUBTITLE_CUES_AT_ONCE="0" is not accepted; use a whole number from 1 to 10000/);
  });

  it('refuses a too-short URL signing secret and a short retry schedule', () => {
    expect(() => loadConfig({ URL_SIGNING_SECRET: 'short' })).toThrow(/URL_SIGNING_SECRET/);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_MS: '10,20' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
  });

  it('leaves /metrics closed without METRICS_TOKEN and refuses a short or spaced token without echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'prometheus-scrape-0123' }).metricsToken).toBe('prometheus-scrape-0123');
    for (const token of ['too-short-token', 'has a space in the middle']) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: token });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/METRICS_TOKEN is not accepted; use at least 16 printable ASCII characters/);
      expect(message).not.toContain(token);
    }
  });

  it('reads SECRETS_KEY and SECRETS_KEY_PREVIOUS as 32-byte keys and refuses others without echoing them', () => {
    const [current, old, older] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const config = loadConfig({ SECRETS_KEY: current.toString('base64'), SECRETS_KEY_PREVIOUS: `${old.toString('hex')}, ${older.toString('base64url')}` });
    expect(config.secretsKey).toEqual(current);
    expect(config.secretsKeyPrevious).toEqual([old, older]);
    const short = randomBytes(16).toString('hex');
    let message = '';
    try {
      loadConfig({ SECRETS_KEY: short, SECRETS_KEY_PREVIOUS: `${old.toString('hex')},not-a-key-at-all` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SECRETS_KEY is not accepted; use 32 random bytes written as base64 or hex/);
    expect(message).toMatch(/SECRETS_KEY_PREVIOUS is not accepted \(key 2\)/);
    for (const secret of [short, old.toString('hex'), 'not-a-key-at-all']) expect(message).not.toContain(secret);
  });

  it('keeps the Chromium sandbox on unless the operator says off, and takes only plain user names', () => {
    expect(loadConfig({ CHROMIUM_USER: 'render' }).chromiumSandbox).toEqual({ mode: 'on', user: 'render' });
    expect(loadConfig({ CHROMIUM_SANDBOX: 'off', CHROMIUM_USER: 'render' }).chromiumSandbox).toEqual({ mode: 'off' });
    expect(() => loadConfig({ CHROMIUM_SANDBOX: 'false' })).toThrow(/CHROMIUM_SANDBOX="false" is not accepted; use one of: on, off/);
    expect(() => loadConfig({ CHROMIUM_USER: "x'; rm -rf /" })).toThrow(/CHROMIUM_USER=.* is not accepted; use a system user name/);
  });
});
