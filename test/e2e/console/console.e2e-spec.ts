/**
 * The web console in a real browser (puppeteer-core driving Debian's headless
 * Chromium) against the real service over HTTPS: paste a key, render a Studio
 * sample and play its output, read and redeliver webhook deliveries, cancel a
 * queued task, see a validation error on its line, make a template from a
 * task and render it alone and as a CSV batch, and find that another
 * account's key sees none of it. The key must never reach a URL,
 * localStorage or the service's log. Screenshots go to test-artifacts/console/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { projectRoot } from '../../../src/common/project-root';
import { CHROMIUM_PATH } from '../../integration/render/render-fixtures';
import type { HttpClient } from '../../support/http-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(120_000);

const ARTIFACTS = join(projectRoot(__dirname), 'test-artifacts', 'console');
const HOOK = '/console-hook';
const WAIT = { timeout: 60_000 };

interface Account {
  client: HttpClient;
  key: string;
}

describe('web console', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  let stallServer: Server;
  let owner: Account;
  let other: Account;
  let serial: Account;
  let templater: Account;
  const logLines: string[] = [];
  const requestUrls: string[] = [];
  const policyViolations: string[] = [];
  let hookAnswer = 400;
  let renderedTaskId = '';

  const account = async (options: Parameters<TestApp['client']>[0] = {}): Promise<Account> => {
    const client = await app.client(options);
    return { client, key: client.key };
  };

  const shot = async (name: string) => {
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  };

  const open = async (hash: string) => {
    await page.evaluate((target) => {
      location.hash = target;
    }, hash);
  };

  const useKey = async (key: string) => {
    if (await page.$('#forget-key')) await page.click('#forget-key');
    // Signing in goes to the page in the address bar: the list.
    await open('#/tasks');
    await page.waitForSelector('#api-key');
    await page.type('#api-key', key);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#tasks-title');
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    app = await startTestApp({ role: 'all', env: { LOG_LEVEL: 'debug' }, log: { write: (line: string) => void logLines.push(line) } });
    receiver = await WebhookReceiver.start(app.certPath, app.keyPath);
    receiver.respond(HOOK, () => ({ status: hookAnswer }));
    // A media host that never answers: its task stays in its download, holding its account's only render slot.
    stallServer = createServer(() => undefined);
    await new Promise<void>((resolve) => stallServer.listen(0, '127.0.0.1', resolve));
    owner = await account();
    other = await account();
    serial = await account({ concurrentRenders: 1 });
    templater = await account();
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'], acceptInsecureCerts: true });
    page = await browser.newPage();
    page.on('request', (request) => void requestUrls.push(request.url()));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });
    await page.setViewport({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    stallServer?.closeAllConnections();
    stallServer?.close();
    await receiver?.close();
    await app?.close();
  });

  it('serves the page under a strict CSP without a key, and takes a pasted key', async () => {
    const response = await page.goto(`${app.baseUrl}/console`, { waitUntil: 'networkidle0' });
    expect(response?.status()).toBe(200);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
    await page.waitForSelector('#api-key');
    await shot('key-1280');
    for (const path of ['/console/missing.js', '/console/%2e%2e/package.json', '/console/modules/../../../package.json']) {
      const refused = await app.anonymous().get(path);
      expect([refused.status, refused.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    }
    // A key the service refuses is not kept: the form stays, saying why.
    await page.type('#api-key', `rsk_${'x'.repeat(32)}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.key-form')?.textContent?.includes('INVALID_API_KEY'), WAIT);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await page.$eval('#nav', (nav) => (nav as HTMLElement).hidden)).toBe(true);
    await useKey(owner.key);
    expect(await page.$eval('#nav', (nav) => (nav as HTMLElement).hidden)).toBe(false);
  });

  it('creates a task from a sample and follows it to completed, then plays its output', async () => {
    await open('#/new');
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#task-json')?.value.includes('"duration_ms"'), WAIT);
    expect(await page.$eval('#sample', (select) => (select as HTMLSelectElement).value)).toBe('solid-red');
    // The sample's webhook URL points nowhere; this task's deliveries go to the test's receiver.
    await page.$eval(
      '#task-json',
      (editor, url) => {
        const textarea = editor as HTMLTextAreaElement;
        textarea.value = textarea.value.replace('https://webhook.invalid/unused', url);
        textarea.dispatchEvent(new Event('input'));
      },
      receiver.url(HOOK),
    );
    await shot('new-task-1280');
    await page.click('button[type="submit"]');
    await page.waitForFunction(() => /^#\/tasks\/tsk_/.test(location.hash), WAIT);
    renderedTaskId = (await page.evaluate(() => location.hash)).replace('#/tasks/', '');
    await page.waitForFunction(() => document.querySelector('.live')?.textContent === 'Final: completed', WAIT);

    const record = (await owner.client.get(`/v3/tasks/${renderedTaskId}`)).body;
    expect(record.status).toBe('completed');
    const duration = await page.$eval('video.output-video', async (video) => {
      if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
      return video.duration;
    });
    // The task's duration, to within one frame of its 10 fps.
    expect(Math.abs(duration * 1000 - record.output.duration_ms)).toBeLessThan(100);
    expect(await page.$eval('video.output-video', (video) => video.src)).toBe(record.output.video_url);
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('img.thumbnail, img.preview')).every((img) => (img as HTMLImageElement).naturalWidth > 0),
      WAIT,
    );
    expect(await page.$$eval('img.thumbnail, img.preview', (images) => images.length)).toBe(2);
    // The submitted timeline on the ruler: the sample's one clip as a bar over the whole second.
    await page.waitForSelector('.ruler [data-clip="red"]', WAIT);
    expect(await page.$eval('.ruler [data-clip="red"]', (bar) => (bar as HTMLElement).style.width)).toBe('100%');
    expect(await page.$eval('.record', (node) => node.textContent)).toContain('Links expire');
    await shot('task-1280');
  });

  it('shows the webhook deliveries with their attempts and redelivers a failed one', async () => {
    await receiver.waitFor(HOOK, (requests) => requests.some((request) => request.json?.event === 'task.completed'));
    await page.click('xpath/.//button[text()="Refresh deliveries"]');
    const completedRow = 'table.deliveries tr:has(td:nth-child(2))';
    await page.waitForFunction(
      (selector) =>
        Array.from(document.querySelectorAll(selector)).some((row) => row.textContent?.includes('task.completed') && row.textContent.includes('failed')),
      WAIT,
      completedRow,
    );
    const rows = await page.$$eval('table.deliveries tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    const events = await page.$$eval('table.deliveries tbody td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent));
    expect(events[0]).toBe('task.queued');
    expect(events).toContain('task.started');
    expect(events.at(-1)).toBe('task.completed');
    expect(rows.every((row) => row.includes('#1') && row.includes('400'))).toBe(true);
    await shot('deliveries-1280');

    hookAnswer = 200;
    await page.click('button[aria-label^="Redeliver task.completed"]');
    await receiver.waitFor(HOOK, (requests) => requests.some((request) => request.json?.event === 'task.completed' && request.answered === 200));
    await page.waitForFunction(
      () => {
        const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Refresh deliveries');
        button?.click();
        const row = Array.from(document.querySelectorAll('table.deliveries tbody tr')).find((tr) => tr.textContent?.includes('task.completed'));
        return row?.textContent?.includes('delivered') && row.textContent.includes('#2');
      },
      { ...WAIT, polling: 500 },
    );
  });

  it("places the API's validation error on the offending line", async () => {
    await open('#/new');
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#task-json')?.value.includes('"fill"'), WAIT);
    const line = await page.$eval('#task-json', (editor) => {
      const textarea = editor as HTMLTextAreaElement;
      textarea.value = textarea.value.replace('"fill"', '"stretchy"');
      textarea.dispatchEvent(new Event('input'));
      return textarea.value.split('\n').findIndex((text) => text.includes('"stretchy"')) + 1;
    });
    expect(line).toBeGreaterThan(1);
    await page.click('button[type="submit"]');
    await page.waitForSelector(`.note.bad[data-line="${line}"]`, WAIT);
    expect(await page.$eval(`.note.bad[data-line="${line}"]`, (note) => note.textContent)).toContain('input.timeline.tracks[0].clips[0].properties.fit');
    expect(await page.$$eval('.gutter .line.bad', (lines) => lines.map((l) => l.getAttribute('data-line')))).toEqual([String(line)]);
    expect(await page.$eval('.messages', (node) => node.textContent)).toContain('VALIDATION_ERROR');
    await shot('validation-1280');
  });

  it('shows usage as a chart and the models catalogue', async () => {
    await open('#/usage');
    await page.waitForSelector('.chart', WAIT);
    await page.waitForSelector('table.models', WAIT);
    const text = await page.$eval('main', (node) => node.textContent ?? '');
    expect(text).toMatch(/All\s*1 of/);
    expect(text).toContain('Standard (standard)');
    expect(text).toContain('Premium (premium)');
    await shot('usage-1280');
  });

  it('lists the tasks, and every control is labelled and reachable by keyboard', async () => {
    await open('#/tasks');
    await page.waitForSelector(`tr[data-task="${renderedTaskId}"]`, WAIT);
    expect(await page.$$eval('table.tasks tbody tr', (rows) => rows.length)).toBe(1);
    await shot('tasks-1280');
    const unlabelled = await page.$$eval('input, select, textarea, button', (controls) =>
      controls
        .filter((control) => {
          // `labels` is null on a hidden input: no <label> names it, so it needs an aria-label or text like any other.
          const labelled = 'labels' in control && ((control as HTMLInputElement).labels?.length ?? 0) > 0;
          return !labelled && !(control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
        })
        .map((control) => control.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    const reached = new Set<string>();
    await page.focus('body');
    for (let i = 0; i < 45; i += 1) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || ''));
    }
    for (const name of [
      'Tasks',
      'New task',
      'Usage',
      'forget-key',
      'filter-status',
      'filter-tag',
      'filter-after',
      'filter-before',
      'filter-limit',
      'Templates',
      'Apply',
      renderedTaskId,
    ]) {
      expect(reached).toContain(name);
    }
  });

  it('fits a 390 px phone screen', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    for (const [hash, ready, name] of [
      ['#/tasks', 'table.tasks', 'tasks-390'],
      [`#/tasks/${renderedTaskId}`, 'video.output-video', 'task-390'],
      ['#/new', '.gutter .line', 'new-task-390'],
      ['#/usage', '.chart', 'usage-390'],
      ['#/templates', '#template-json', 'templates-390'],
    ]) {
      await open(hash);
      await page.waitForSelector(ready, WAIT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(name);
    }
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('cancels a queued task', async () => {
    const stalled = await serial.client.post('/v3/tasks', tinyBody(`http://127.0.0.1:${(stallServer.address() as AddressInfo).port}/stall.mp4`));
    expect(stalled.status).toBe(201);
    const queued = await serial.client.post('/v3/tasks', tinyBody(`${app.baseUrl}/samples/bars-16x9.mp4`));
    expect(queued.status).toBe(201);
    await useKey(serial.key);
    const row = `tr[data-task="${queued.body.task_id}"]`;
    await page.waitForSelector(`${row} .status-queued`, WAIT);
    expect((await serial.client.get(`/v3/tasks/${queued.body.task_id}`)).body.status).toBe('queued');
    await page.click(`${row} button[aria-label="Cancel ${queued.body.task_id}"]`);
    await page.waitForSelector(`${row} .status-canceled`, WAIT);
    expect((await serial.client.get(`/v3/tasks/${queued.body.task_id}`)).body.status).toBe('canceled');
    await shot('canceled-1280');
    await serial.client.delete(`/v3/tasks/${stalled.body.task_id}`);
  });

  it('makes a template from a task, renders it with a value, and follows a batch from pasted CSV', async () => {
    const source = await templater.client.post('/v3/tasks', titledBody(`${app.baseUrl}/samples/bars-16x9.mp4`));
    expect(source.status).toBe(201);
    await useKey(templater.key);
    await open('#/templates');
    await page.waitForFunction(() => document.querySelector('.table-wrap')?.textContent?.includes('No templates yet'), WAIT);
    await page.type('#template-name', 'titled');
    await page.type('#template-task', source.body.task_id);
    await page.click('xpath/.//button[text()="Use its body"]');
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#template-json')?.value.includes('"Hello"'), WAIT);
    await page.$eval('#template-json', (editor) => {
      const textarea = editor as HTMLTextAreaElement;
      textarea.value = textarea.value.replace('"Hello"', '"{{title}}"');
      textarea.dispatchEvent(new Event('input'));
    });
    await page.waitForSelector('tr[data-field="title"]', WAIT);
    expect(await page.$eval('#field-title-type', (select) => (select as HTMLSelectElement).value)).toBe('string');
    await page.type('#field-title-default', 'Untitled');
    await shot('new-template-1280');
    await page.click('xpath/.//button[text()="Create template"]');
    await page.waitForFunction(() => /^#\/templates\/tpl_/.test(location.hash), WAIT);
    const templateId = (await page.evaluate(() => location.hash)).replace('#/templates/', '');
    const stored = (await templater.client.get(`/v3/templates/${templateId}`)).body;
    expect(stored.fields).toEqual({ title: { type: 'string', default: 'Untitled' } });
    expect(stored.body.input.timeline.tracks[1].clips[0].text).toBe('{{title}}');
    // The task's request_id stays with the task: each render of the template would collide with it.
    expect(stored.body.request_id).toBeUndefined();

    await page.waitForSelector('#merge-title', WAIT);
    await page.type('#merge-title', 'Seaside flat');
    await page.click('xpath/.//button[text()="Render"]');
    await page.waitForFunction(() => /^#\/tasks\/tsk_/.test(location.hash), WAIT);
    const renderedId = (await page.evaluate(() => location.hash)).replace('#/tasks/', '');
    expect((await templater.client.get(`/v3/tasks/${renderedId}/request`)).body.request.input.timeline.tracks[1].clips[0].text).toBe('Seaside flat');
    await page.waitForFunction(() => document.querySelector('.live')?.textContent === 'Final: completed', WAIT);

    await open(`#/templates/${templateId}`);
    await page.waitForSelector('#batch-csv', WAIT);
    expect(await page.$eval('#batch-csv', (csv) => (csv as HTMLTextAreaElement).value)).toBe('title\n');
    // Every text the batch's progress label shows, from the first.
    await page.$eval('#batch-csv', (csv) => {
      (csv as HTMLTextAreaElement).value = 'title\nFirst row\n"Second, quoted"\n';
      const seen: string[] = [];
      Object.assign(window, { batchLabels: seen });
      const label = document.querySelector('label[for="batch-progress"]') as HTMLElement;
      new MutationObserver(() => seen.push(label.textContent ?? '')).observe(label, { childList: true, characterData: true, subtree: true });
    });
    await page.click('xpath/.//button[text()="Submit batch"]');
    await page.waitForSelector('table.batch tr[data-row="2"] a', WAIT);
    const batchIds = await page.$$eval('table.batch tbody a', (links) => links.map((link) => link.textContent ?? ''));
    expect(batchIds).toHaveLength(2);
    const texts = await Promise.all(
      batchIds.map(async (id) => (await templater.client.get(`/v3/tasks/${id}/request`)).body.request.input.timeline.tracks[1].clips[0].text),
    );
    expect(texts).toEqual(['First row', 'Second, quoted']);
    await page.waitForFunction(() => document.querySelector('label[for="batch-progress"]')?.textContent === 'Batch: 2 of 2 tasks finished', WAIT);
    const labels = await page.evaluate(() => (window as unknown as { batchLabels: string[] }).batchLabels);
    expect(labels[0]).toBe('Batch: 0 of 2 tasks finished');
    expect(await page.$$eval('table.batch tbody .status', (pills) => pills.map((pill) => pill.textContent))).toEqual(['completed', 'completed']);
    for (const id of batchIds) expect((await templater.client.get(`/v3/tasks/${id}`)).body.status).toBe('completed');
    await shot('template-batch-1280');

    // Deleting asks first; declined, the template stays.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.click('xpath/.//button[text()="Delete template"]');
    expect((await templater.client.get(`/v3/templates/${templateId}`)).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('xpath/.//button[text()="Delete template"]');
    await page.waitForFunction(() => location.hash === '#/templates', WAIT);
    await page.waitForFunction(() => document.querySelector('.table-wrap')?.textContent?.includes('No templates yet'), WAIT);
    expect((await templater.client.get(`/v3/templates/${templateId}`)).status).toBe(404);
    expect((await templater.client.get(`/v3/tasks/${batchIds[0]}`)).body.status).toBe('completed');
  });

  it("shows a second account's key none of the first account's tasks", async () => {
    await useKey(other.key);
    await page.waitForFunction(() => document.querySelector('.table-wrap')?.textContent?.includes('No tasks match'), WAIT);
    await open(`#/tasks/${renderedTaskId}`);
    await page.waitForFunction(() => document.querySelector('.messages')?.textContent?.includes('TASK_NOT_FOUND'), WAIT);
    expect(await page.$('video')).toBeNull();
  });

  it('never puts the key in a URL, in localStorage or in the service log, and breaks no CSP rule', async () => {
    expect(policyViolations).toEqual([]);
    const keys = [owner.key, other.key, serial.key, templater.key];
    expect(requestUrls.length).toBeGreaterThan(20);
    expect(requestUrls.filter((url) => keys.some((key) => url.includes(key)))).toEqual([]);
    const storage = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    expect(keys.some((key) => storage.local.includes(key))).toBe(false);
    // The key in use is held, in the tab's sessionStorage only, until "Forget key".
    expect(storage.session).toContain(other.key);
    await page.click('#forget-key');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const log = logLines.join('');
    expect(log).toContain('/v3/tasks');
    expect(keys.filter((key) => log.includes(key) || log.includes(key.slice(-20)))).toEqual([]);
  });
});

/** A 160x90 second of video under a text clip saying "Hello", with a request_id of its own. */
function titledBody(mediaUrl: string) {
  return {
    request_id: 'console-template-source',
    input: {
      timeline: {
        duration_ms: 1000,
        tracks: [
          { id: 'main', type: 'video', clips: [{ id: 'clip', media_url: mediaUrl, start_time_ms: 0, end_time_ms: 1000 }] },
          {
            id: 'titles',
            type: 'text',
            clips: [{ id: 'title', text: 'Hello', start_time_ms: 0, end_time_ms: 1000, properties: { font_size: 24, color: '#FFFFFF' } }],
          },
        ],
      },
      output: { resolution: { width: 160, height: 90 }, framerate: 10 },
    },
    webhook: { url: 'https://webhook.invalid/unused' },
  };
}

function tinyBody(mediaUrl: string) {
  return {
    input: {
      timeline: {
        duration_ms: 1000,
        tracks: [{ id: 'main', type: 'video', clips: [{ id: 'clip', media_url: mediaUrl, start_time_ms: 0, end_time_ms: 1000 }] }],
      },
      output: { resolution: { width: 320, height: 180 }, framerate: 10 },
    },
    webhook: { url: 'https://webhook.invalid/unused' },
  };
}
