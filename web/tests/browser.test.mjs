// The page in headless Chromium (Debian's), one browser session for every check: drop models,
// compare the headline and the smallest arena with `arenascope plan --json`, drag the arena
// line, export, links, bad input, no WebAssembly, keyboard, screenshots at 1280x720 and 390x844.
//
//   node --test web/tests/browser.test.mjs    (ARENASCOPE_CLI, ARENASCOPE_WEB_SITE, ARENASCOPE_SHARED_DIR,
//                                               ARENASCOPE_SCREENSHOTS: where the screenshots go)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowser, dropFile, CHROMIUM } from './browser_support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = process.env.ARENASCOPE_CLI || path.join(root, 'build/app/arenascope');
const site = process.env.ARENASCOPE_WEB_SITE || path.join(root, 'build-web/site');
const shared = process.env.ARENASCOPE_SHARED_DIR || path.join(root, '../shared');
const shots = process.env.ARENASCOPE_SCREENSHOTS || path.join(root, 'build-web/screenshots');
const example = path.join(root, 'models/example_kws_int8.tflite');
const personDetect = path.join(shared, 'models/tflm/person_detect.tflite');

const missing = !fs.existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM}`
  : !fs.existsSync(path.join(site, 'index.html')) ? `no site at ${site} (scripts/arenascope.sh web-build)`
  : !fs.existsSync(cli) ? `no native CLI at ${cli}` : false;
// In the test command (ARENASCOPE_WEB_REQUIRED=1) a missing piece fails the run instead of skipping.
if (missing && process.env.ARENASCOPE_WEB_REQUIRED === '1') throw new Error(`browser test: ${missing}`);
const noShared = missing || (!fs.existsSync(personDetect) ? `${personDetect} is not here` : false);

let browser;
let page;
const consoleErrors = [];

function cliPlan(model, config, arena) {
  const args = ['plan', model, '--json'];
  if (config) args.push('--config', config);
  if (arena !== null && arena !== undefined) args.push('--arena-size', String(arena));
  try {
    return JSON.parse(execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30 }));
  } catch (e) {
    return JSON.parse(e.stdout);
  }
}
// The CLI's message for a file given by its bare name (the page knows the file's name, not its path).
function cliError(model) {
  try {
    execFileSync(cli, ['plan', path.basename(model)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: path.dirname(model) });
  } catch (e) {
    return e.stderr.trim().replace(/^arenascope: /, '');
  }
  return '';
}
// Waits until the page shows an analysis of `name` whose configuration text is settled.
async function settled(p = page) {
  await p.waitForFunction(() => window.arenascopeTimings.firstAnalysis !== undefined);
  await p.waitForTimeout(50);
  await p.waitForFunction(() => !document.getElementById('headline').textContent.includes('Drop a model'));
}
async function headline(p = page) {
  return (await p.textContent('#headline')).trim();
}
async function minArena(p = page) {
  return (await p.textContent('#min-arena-bytes')).trim();
}
// Pixels of the timeline in the failure colour at or below y (CSS pixels).
async function failurePixels(fromY) {
  return page.evaluate((from) => {
    const c = document.getElementById('timeline');
    const dpr = window.devicePixelRatio || 1;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let y = Math.ceil(from * dpr); y < c.height; y++)
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (d[i] > 200 && d[i + 1] < 60 && d[i + 2] < 60) n++;
      }
    return n;
  }, fromY);
}

async function expectVerdict(plan, p = page) {
  await p.waitForFunction((h) => document.getElementById('headline').textContent.trim() === h, plan.headline, { timeout: 10000 })
    .catch(() => {});
  assert.equal(await headline(p), plan.headline);
  assert.equal(await minArena(p), plan.min_arena_bytes === null ? 'none' : String(plan.min_arena_bytes));
}

before(async () => {
  if (missing) return;
  fs.mkdirSync(shots, { recursive: true });
  browser = await startBrowser(site);
  page = await browser.context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(browser.url);
  await page.waitForFunction(() => window.arenascopeTimings.workerReady !== undefined);
});
after(async () => {
  if (browser) await browser.close();
});

test('the page starts the core and says the model stays on the machine', { skip: missing }, async () => {
  assert.equal(await headline(), 'Drop a model to begin.');
  assert.match(await page.textContent('#privacy'), /never leaves this machine/);
  assert.ok((await page.locator('#board option').count()) > 5, 'the boards are listed');
  assert.ok((await page.locator('#lesson-list li').count()) > 0, 'the lessons are listed');
});

test('dropping the example model shows the CLI\'s verdict', { skip: missing }, async () => {
  await dropFile(page, fs.readFileSync(example), 'example_kws_int8.tflite');
  await settled();
  await expectVerdict(cliPlan(example, '', null));
  assert.match(await page.textContent('#model-status'), /example_kws_int8\.tflite: 7 operators/);
});

test('person_detect on ESP32-S3-DevKitC-1 needs 122,572 B, as the CLI says', { skip: noShared }, async () => {
  await page.setInputFiles('#file', personDetect);
  await page.waitForFunction(() => document.getElementById('model-status').textContent.startsWith('person_detect'));
  await page.selectOption('#board', { label: 'ESP32-S3-DevKitC-1' });
  const plan = cliPlan(personDetect, 'board=esp32-s3-devkitc-1', null);
  assert.equal(plan.min_arena_bytes, 122572);
  await expectVerdict(plan);
  assert.match(await headline(), /122,572 B/);
  assert.equal(new URL(page.url()).searchParams.get('config'), 'board=esp32-s3-devkitc-1');
  // Other builds beside the verdict, from the same core.
  await page.waitForFunction(() => document.querySelectorAll('#others-list li').length > 0, null, { timeout: 30000 });
  const rows = await page.locator('#others-list li').count();
  assert.equal(rows, plan.alternatives.length);
});

test('two more configurations equal the CLI (configuration text, build settings form)', { skip: noShared }, async () => {
  await page.fill('#config', 'kernels=cmsis-nn,cpu=cortex-m55');
  await page.press('#config', 'Enter');
  await page.locator('#config').blur();
  await expectVerdict(cliPlan(personDetect, 'kernels=cmsis-nn,cpu=cortex-m55', null));
  await page.click('#build-details summary');
  await page.selectOption('#opt-planner', 'linear');
  const config = await page.inputValue('#config');
  assert.match(config, /planner=linear/);
  await expectVerdict(cliPlan(personDetect, config, null));
});

test('an arena size, then a drag of the arena line, equal the CLI at those sizes', { skip: noShared }, async () => {
  await page.fill('#config', 'board=esp32-s3-devkitc-1');
  await page.press('#config', 'Enter');
  await page.locator('#config').blur();
  await page.check('#arena-on');
  await page.fill('#arena-bytes', '100000');
  await page.press('#arena-bytes', 'Enter');
  await page.locator('#arena-bytes').blur();
  await expectVerdict(cliPlan(personDetect, 'board=esp32-s3-devkitc-1', 100000));
  // Drag the line from 100,000 B up by 60 px, as a person would: with the timeline on screen.
  await page.locator('#timeline').scrollIntoViewIfNeeded();
  const box = await page.locator('#timeline').boundingBox();
  const yLine = await page.evaluate(() => {
    const c = document.getElementById('timeline');
    // The line is drawn where the geometry maps the arena size; find its red pixels.
    const ctx = c.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    const x = Math.round(90 * dpr); // left of the labels, which sit at the right end
    for (let y = 0; y < c.height; y++) {
      const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
      if (r > 200 && g < 60 && b < 60) return y / dpr;
    }
    return null;
  });
  assert.ok(yLine !== null, 'the arena line is drawn');
  // The buffers that reach into the tail are outlined in the failure colour, below the line.
  assert.ok(await failurePixels(yLine + 4) > 0, 'buffers reaching into the tail are outlined');
  await page.mouse.move(box.x + box.width / 2, box.y + yLine + 1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + yLine - 30, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + yLine - 60, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const dragged = Number(await page.inputValue('#arena-bytes'));
  assert.ok(dragged > 100000, `the drag grew the arena (${dragged} B)`);
  assert.equal(new URL(page.url()).searchParams.get('arena'), String(dragged));
  await expectVerdict(cliPlan(personDetect, 'board=esp32-s3-devkitc-1', dragged));
  // The keyboard: the timeline takes focus, the arrow keys move the line by 16 B.
  await page.focus('#timeline');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction((d) => Number(document.getElementById('arena-bytes').value) === d + 16, dragged);
  await expectVerdict(cliPlan(personDetect, 'board=esp32-s3-devkitc-1', dragged + 16));
});

test('the exports are the core\'s: tensor CSV and plan JSON equal the CLI\'s, the HTML report and PNG are written', { skip: noShared }, async () => {
  await page.uncheck('#arena-on');
  await expectVerdict(cliPlan(personDetect, 'board=esp32-s3-devkitc-1', null));
  assert.equal(await failurePixels(0), 0, 'nothing is outlined as failing when the model fits');
  const dir = fs.mkdtempSync('/tmp/arenascope-web-export-');
  const csv = path.join(dir, 'cli.csv');
  execFileSync(cli, ['plan', personDetect, '--board', 'esp32-s3-devkitc-1', '--csv', csv]);
  const save = async (selector) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return file;
  };
  const pageCsv = await save('[data-export="tensors.csv"]');
  assert.equal(path.basename(pageCsv), 'person_detect_tensors.csv');
  assert.equal(fs.readFileSync(pageCsv, 'utf8'), fs.readFileSync(csv, 'utf8'));
  const json = JSON.parse(fs.readFileSync(await save('[data-export="plan.json"]'), 'utf8'));
  const expected = cliPlan(personDetect, 'board=esp32-s3-devkitc-1', null);
  expected.model = json.model; // the page names the model by its file name, the CLI by its path
  assert.deepEqual(json, expected);
  const html = fs.readFileSync(await save('[data-export="report.html"]'), 'utf8');
  assert.ok(html.includes('122,572'), 'the HTML report states the figure');
  assert.ok(html.includes('data:image/png;base64,'), 'the HTML report inlines the timeline');
  const png = fs.readFileSync(await save('[data-export="timeline.png"]'));
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  const log = fs.readFileSync(await save('[data-export="allocations.csv"]'), 'utf8');
  assert.match(log.split('\n')[0], /^kind,phase,subgraph,operator/);
});

test('playback replays the allocation log', { skip: noShared }, async () => {
  const max = Number(await page.getAttribute('#event', 'max'));
  assert.ok(max > 100);
  await page.fill('#event', String(Math.floor(max / 2)));
  await page.dispatchEvent('#event', 'input');
  await page.waitForFunction(() => document.getElementById('event-number').textContent.includes('/'));
  assert.ok((await page.textContent('#event-text')).length > 10);
  await page.click('#play');
  await page.waitForTimeout(200);
  await page.click('#play'); // pause
});

test('screenshots at 1280x720 and 390x844', { skip: noShared }, async () => {
  // What a person sees after dropping person_detect and picking the board, at the top of the page.
  const desk = await browser.context.newPage();
  await desk.goto(`${browser.url}?config=board=esp32-s3-devkitc-1`);
  await desk.waitForFunction(() => window.arenascopeTimings.workerReady !== undefined);
  await desk.setInputFiles('#file', personDetect);
  await settled(desk);
  await desk.waitForFunction(() => document.querySelectorAll('#others-list li').length > 0, null, { timeout: 30000 });
  await desk.screenshot({ path: path.join(shots, 'web_1280x720.png') });
  await desk.close();
  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${browser.url}?model=example_kws_int8.tflite&config=board=esp32-s3-devkitc-1&arena=20000`);
  await settled(phone);
  await phone.screenshot({ path: path.join(shots, 'web_390x844.png') });
  await phone.screenshot({ path: path.join(shots, 'web_390x844_full.png'), fullPage: true });
  // Nothing wider than the phone's screen.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
  await phone.close();
});

test('a link opens a model served beside the page with its configuration and size', { skip: missing }, async () => {
  const p = await browser.context.newPage();
  await p.goto(`${browser.url}?model=example_kws_int8.tflite&config=kernels=cmsis-nn,cpu=cortex-m4&arena=100`);
  await settled(p);
  await expectVerdict(cliPlan(example, 'kernels=cmsis-nn,cpu=cortex-m4', 100), p);
  assert.equal(await p.inputValue('#config'), 'kernels=cmsis-nn,cpu=cortex-m4');
  assert.equal(await p.inputValue('#arena-bytes'), '100');
  await p.close();
});

test('bad input: a non-model, a truncated model, a 200 MB file', { skip: missing }, async () => {
  const dir = fs.mkdtempSync('/tmp/arenascope-web-bad-');
  const notModel = path.join(dir, 'README.md');
  fs.copyFileSync(path.join(root, 'README.md'), notModel);
  await page.setInputFiles('#file', notModel);
  await page.waitForFunction(() => document.getElementById('headline').textContent.includes('cannot be analysed'));
  assert.equal((await page.textContent('#tflm-message')).trim(), cliError(notModel));

  const truncated = path.join(dir, 'truncated.tflite');
  fs.writeFileSync(truncated, fs.readFileSync(example).subarray(0, 2000));
  await page.setInputFiles('#file', truncated);
  await page.waitForFunction(() => document.getElementById('model-status').textContent.startsWith('truncated'));
  await page.waitForFunction(() => document.getElementById('headline').textContent.includes('cannot be analysed'));
  assert.equal((await page.textContent('#tflm-message')).trim(), cliError(truncated));

  // 200 MB, made in the page: refused before it is read, with the limit stated.
  const t0 = Date.now();
  await page.evaluate(() => {
    const big = new File([new Uint8Array(200 * 1000 * 1000)], 'huge.tflite');
    const dt = new DataTransfer();
    dt.items.add(big);
    document.getElementById('drop').dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  });
  await page.waitForFunction(() => document.getElementById('model-status').textContent.startsWith('huge.tflite'));
  assert.match(await page.textContent('#model-status'), /up to 67,108,864 B \(64 MiB\)/);
  assert.ok(Date.now() - t0 < 5000, 'the tab answered at once');
});

test('without WebAssembly the page says so', { skip: missing }, async () => {
  const p = await browser.context.newPage();
  await p.addInitScript(() => { delete window.WebAssembly; });
  await p.goto(browser.url);
  assert.match(await p.textContent('#headline'), /cannot run WebAssembly/);
  await p.close();
});

test('the keyboard reaches every control', { skip: missing }, async () => {
  await page.goto(browser.url);
  const reached = new Set();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id || document.activeElement.dataset.export || document.activeElement.tagName));
  }
  for (const id of ['drop', 'example', 'board', 'config', 'arena-on', 'timeline', 'play', 'event', 'tensors.csv', 'copy-link']) {
    assert.ok(reached.has(id), `Tab reaches ${id}`);
  }
});

test('no script error on the page', { skip: missing }, () => {
  assert.deepEqual(consoleErrors.filter((e) => !e.includes('favicon')), []);
});
