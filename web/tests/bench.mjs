// ArenaScope in the browser, measured (scripts/arenascope.sh web-bench): the download (gzip -9),
// the first analysis of person_detect after the page has loaded (drop -> headline drawn), the
// re-analysis at a new arena size, and the page's main thread on a 2,000-operator model (the
// longest gap between two animation frames while it is dropped, analysed and drawn).
//
//   ARENASCOPE_WEB_SITE=build-web/site node web/tests/bench.mjs [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startBrowser, stageFile, dropNow } from './browser_support.mjs';
import { chainModel } from './core_module.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const site = process.env.ARENASCOPE_WEB_SITE || path.join(root, 'build-web/site');
const shared = process.env.ARENASCOPE_SHARED_DIR || path.join(root, '../shared');
const personDetect = path.join(shared, 'models/tflm/person_detect.tflite');
const runs = Number(process.env.ARENASCOPE_BENCH_RUNS || 5);

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const out = {};

// Size: what a first visit downloads, compressed as a server would.
let gz = 0;
let raw = 0;
for (const f of ['index.html', 'style.css', 'app.js', 'worker.js', 'arenascope.js', 'arenascope.wasm']) {
  const bytes = fs.readFileSync(path.join(site, f));
  raw += bytes.length;
  gz += zlib.gzipSync(bytes, { level: 9 }).length;
}
out.download_bytes = raw;
out.download_gzip_bytes = gz;
out.wasm_gzip_bytes = zlib.gzipSync(fs.readFileSync(path.join(site, 'arenascope.wasm')), { level: 9 }).length;

const browser = await startBrowser(site);
const page = await browser.context.newPage();

async function freshPage() {
  await page.goto(browser.url);
  await page.waitForFunction(() => window.arenascopeTimings.workerReady !== undefined);
  out.worker_ready_ms = await page.evaluate(() => window.arenascopeTimings.workerReady);
}
// Drops a model and times drop -> headline drawn; also tracks the main thread's longest gap.
async function timedDrop(bytes, name) {
  await stageFile(page, bytes, name);
  await page.evaluate(() => {
    const t = (window.bench = { gaps: 0, last: performance.now(), drop: performance.now(), running: true });
    const tick = () => {
      const now = performance.now();
      t.gaps = Math.max(t.gaps, now - t.last);
      t.last = now;
      if (t.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const h = document.getElementById('headline');
    new MutationObserver((_, obs) => { t.headline = performance.now(); obs.disconnect(); })
      .observe(h, { childList: true, characterData: true, subtree: true });
  });
  await dropNow(page);
  await page.waitForFunction(() => window.bench.headline !== undefined, null, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelectorAll('#others-list li').length > 0, null, { timeout: 60000 });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    window.bench.running = false;
    const t = window.arenascopeTimings;
    return { headline: window.bench.headline - window.bench.drop, worker: t.analysisMs[t.analysisMs.length - 1].ms,
      alternatives: t.alternativesMs, gap: window.bench.gaps, draw: t.drawMs };
  });
}

if (fs.existsSync(personDetect)) {
  const bytes = fs.readFileSync(personDetect);
  const first = [];
  for (let i = 0; i < runs; i++) {
    await freshPage();
    // The drop itself is timed from inside the page: building the File in the page is not part of it.
    await page.evaluate(() => { window.arenascopeTimings.analysisMs = []; });
    first.push(await timedDrop(bytes, 'person_detect.tflite'));
  }
  out.person_detect_first_analysis_ms = median(first.map((r) => r.headline));
  out.person_detect_first_analysis_worker_ms = median(first.map((r) => r.worker));
  out.person_detect_other_builds_ms = median(first.map((r) => r.alternatives));
  // Re-analysis: new arena sizes, one at a time, timed from the request to the headline drawn.
  await page.check('#arena-on');
  const sizes = [];
  for (let i = 0; i < 30; i++) {
    const size = 90000 + i * 1024;
    sizes.push(await page.evaluate(async (s) => {
      const before = window.arenascopeTimings.analysisMs.length;
      const t0 = performance.now();
      const input = document.getElementById('arena-bytes');
      input.value = String(s);
      input.dispatchEvent(new Event('change'));
      while (window.arenascopeTimings.analysisMs.length === before) await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(r));
      const last = window.arenascopeTimings.analysisMs[window.arenascopeTimings.analysisMs.length - 1];
      return { total: performance.now() - t0, worker: last.ms };
    }, size));
  }
  out.reanalysis_worker_ms_median = median(sizes.map((s) => s.worker));
  out.reanalysis_worker_ms_max = Math.max(...sizes.map((s) => s.worker));
  out.reanalysis_to_frame_ms_median = median(sizes.map((s) => s.total));
}

// The same measure with the page idle for as long: what the machine's own load costs a frame.
await freshPage();
out.idle_main_thread_longest_gap_ms = await page.evaluate(() => new Promise((resolve) => {
  let last = performance.now();
  let gap = 0;
  const end = last + 1500;
  const tick = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    if (now < end) requestAnimationFrame(tick);
    else resolve(gap);
  };
  requestAnimationFrame(tick);
}));

// 2,000 operators: the main thread's longest gap between frames while the model is dropped,
// analysed (in the worker), its other builds found and everything drawn.
const chain = await chainModel(site, 2000);
await freshPage();
await page.evaluate(() => { window.arenascopeTimings.analysisMs = []; });
const big = await timedDrop(chain, 'chain_2000.tflite');
out.chain2000_headline_ms = big.headline;
out.chain2000_worker_ms = big.worker;
out.chain2000_other_builds_ms = big.alternatives;
out.chain2000_main_thread_longest_gap_ms = big.gap;
out.chain2000_draw_ms = big.draw;
out.chromium = browser.context.browser() ? browser.context.browser().version() : 'chromium';
out.machine = `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`;
await browser.close();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(out, null, 2));
} else {
  const f = (n) => (typeof n === 'number' ? (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(1)) : n);
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(42)} ${f(v)}`);
}
