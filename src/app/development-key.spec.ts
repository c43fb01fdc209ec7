import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVELOPMENT_KEY_FILE, handOverDevelopmentKey } from './development-key';

describe('handOverDevelopmentKey', () => {
  const key = 'rsk_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
  let dataDir: string;
  const where = (terminal: boolean) => ({ dataDir, terminal, certPath: '/d/tls/localhost.crt', apiUrl: 'https://localhost:8443' });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dev-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the key to a terminal and writes no file', () => {
    const lines = handOverDevelopmentKey(key, where(true));
    expect(lines[0]).toBe(`Development API key (shown once; stored only as a hash): ${key}`);
    expect(existsSync(join(dataDir, DEVELOPMENT_KEY_FILE))).toBe(false);
  });

  it('writes the key to a 0600 file in the data dir when stdout is a log stream, and prints only its path', () => {
    const path = join(dataDir, DEVELOPMENT_KEY_FILE);
    const lines = handOverDevelopmentKey(key, where(false));
    expect(lines.join('\n')).not.toContain(key);
    expect(lines[0]).toContain(path);
    expect(readFileSync(path, 'utf8')).toBe(`${key}\n`);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
  });

  it('replaces a link left at the path instead of writing through it', () => {
    const elsewhere = join(dataDir, 'elsewhere');
    writeFileSync(elsewhere, 'untouched');
    symlinkSync(elsewhere, join(dataDir, DEVELOPMENT_KEY_FILE));
    handOverDevelopmentKey(key, where(false));
    expect(readFileSync(elsewhere, 'utf8')).toBe('untouched');
    expect(readFileSync(join(dataDir, DEVELOPMENT_KEY_FILE), 'utf8')).toBe(`${key}\n`);
  });
});
