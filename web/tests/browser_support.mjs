// Debian's Chromium driven by playwright-core (no browser download), and the site served on
// 127.0.0.1: shared by the browser test and the benchmark.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../tools/serve.mjs';

export const CHROMIUM = process.env.ARENASCOPE_CHROMIUM || '/usr/bin/chromium';

export async function startBrowser(siteDir) {
  const server = await serve(siteDir, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'arenascope-chromium-'));
  // launchPersistentContext: a fresh, empty profile of our own, and no background traffic
  // (this machine has no network beyond the package registries).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 720 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    url, context,
    async close() {
      await context.close();
      server.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Drops a file on the page's drop zone as a person's drag would deliver it.
export async function dropFile(page, bytes, name) {
  await page.evaluate(async ({ data, fileName }) => {
    const file = new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' });
    const dt = new DataTransfer();
    dt.items.add(file);
    const target = document.getElementById('drop');
    target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: dt }));
    target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, { data: Array.from(bytes), fileName: name });
}
