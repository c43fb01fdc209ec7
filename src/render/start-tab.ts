import type { HeadlessBrowser } from '@remotion/renderer';

/**
 * Closes the blank tab Chromium opens as it starts. Remotion means to close it, but the headless shell's start
 * tab is not among the pages `openBrowser` sees, and left open it keeps a renderer process (about 90 MiB
 * resident) for the browser's whole life. Called before any page of ours exists, so every page target is the
 * start tab; the headless browser keeps running with no page.
 */
export async function closeStartTab(browser: HeadlessBrowser): Promise<void> {
  for (const target of browser.targets().filter((t) => t.type() === 'page')) {
    await browser.connection.send('Target.closeTarget', { targetId: target._targetId });
  }
}
