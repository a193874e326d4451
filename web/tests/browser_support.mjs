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

// Puts a file in the page as `window.arenascopeTestFile` (served to it through a route, so no
// giant argument is parsed on the page's main thread), ready for dropNow.
export async function stageFile(page, bytes, name) {
  const url = `/__test_files/${encodeURIComponent(name)}`;
  await page.route(`**${url}`, (route) => route.fulfill({ body: Buffer.from(bytes), contentType: 'application/octet-stream' }));
  await page.evaluate(async ({ u, fileName }) => {
    const data = await (await fetch(u)).arrayBuffer();
    window.arenascopeTestFile = new File([data], fileName, { type: 'application/octet-stream' });
  }, { u: url, fileName: name });
  await page.unroute(`**${url}`);
}

// Drops the staged file on the drop zone as a person's drag delivers it; returns when it was dropped.
export async function dropNow(page) {
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(window.arenascopeTestFile);
    const target = document.getElementById('drop');
    if (window.bench) window.bench.drop = performance.now();
    target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: dt }));
    target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  });
}

export async function dropFile(page, bytes, name) {
  await stageFile(page, bytes, name);
  await dropNow(page);
}
