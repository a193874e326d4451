// The WebAssembly core against the native command line: `arenascope plan MODEL --config C
// [--arena-size N] --json` and the wasm module's plan JSON for the same model and configuration
// must be equal, key for key (the model path included: the module is given the same name), and
// so must the other builds' smallest arenas and the tensor table CSV.
//
//   node --test web/tests/plan_equality.test.mjs     (ARENASCOPE_CLI, ARENASCOPE_WEB_SITE, ARENASCOPE_SHARED_DIR)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from './core_module.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = process.env.ARENASCOPE_CLI || path.join(root, 'build/app/arenascope');
const site = process.env.ARENASCOPE_WEB_SITE || path.join(root, 'build-web/site');
const shared = process.env.ARENASCOPE_SHARED_DIR || path.join(root, '../shared');
const tflm = path.join(shared, 'models/tflm');

// model, configuration, arena size (null: none); `known`: a difference already being looked into.
const cases = [
  { model: path.join(root, 'models/example_kws_int8.tflite'), config: '', arena: null },
  { model: path.join(root, 'models/example_kws_int8.tflite'), config: 'kernels=cmsis-nn,cpu=cortex-m4', arena: 100 },
  { model: path.join(tflm, 'person_detect.tflite'), config: '', arena: null },
  { model: path.join(tflm, 'person_detect.tflite'), config: 'board=esp32-s3-devkitc-1', arena: null },
  { model: path.join(tflm, 'person_detect.tflite'), config: 'kernels=cmsis-nn,cpu=cortex-m55', arena: 100000 },
  { model: path.join(tflm, 'person_detect.tflite'), config: 'target=x86_64,planner=linear', arena: null },
  // Where an earlier wasm32 build failed in DEPTHWISE_CONV_2D's Prepare and x86_64 on the
  // quantization zero_point: a host-width dependency, now gone (the sweep below looks for more).
  { model: path.join(tflm, 'person_detect.tflite'), config: '', arena: 20000 },
  { model: path.join(tflm, 'micro_speech_quantized.tflite'), config: 'interpreter=recording', arena: null },
  { model: path.join(tflm, 'keyword_scrambled.tflite'), config: 'target=ilp32,planner=linear', arena: 10000 },
  { model: path.join(tflm, 'hello_world_int8.tflite'), config: 'board=rpi-pico', arena: null },
];

const haveCli = fs.existsSync(cli);
const haveSite = fs.existsSync(path.join(site, 'arenascope.js'));
// In the test command (ARENASCOPE_WEB_REQUIRED=1) a missing piece fails the run instead of skipping.
if ((!haveCli || !haveSite) && process.env.ARENASCOPE_WEB_REQUIRED === '1') {
  throw new Error(`plan equality: ${!haveCli ? `no native CLI at ${cli}` : `no WebAssembly build at ${site}`}`);
}
const core = haveSite ? await loadCore(site) : null;

function cliPlan(c) {
  const args = ['plan', c.model, '--json'];
  if (c.config) args.push('--config', c.config);
  if (c.arena !== null) args.push('--arena-size', String(c.arena));
  let out;
  try {
    out = execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  } catch (e) {
    out = e.stdout; // exit code 1: does not fit; the JSON is still written
  }
  return JSON.parse(out);
}

for (const c of cases) {
  const name = `${path.basename(c.model)} [${c.config || 'defaults'}]${c.arena !== null ? ` at ${c.arena} B` : ''}`;
  const skip = !haveCli ? `no native CLI at ${cli}` : !haveSite ? `no WebAssembly build at ${site}`
    : !fs.existsSync(c.model) ? `${c.model} is not here` : false;
  test(name, { skip, todo: c.known }, () => {
    const expected = cliPlan(c);
    const loaded = core.load(fs.readFileSync(c.model), c.model);
    assert.ok(loaded.ok, loaded.error);
    const reply = core.analyze(c.config, c.arena);
    assert.ok(reply.ok, reply.error);
    const others = expected.alternatives;
    delete expected.alternatives;
    assert.equal(reply.headline, expected.headline);
    assert.equal(reply.min_arena_bytes ?? null, expected.min_arena_bytes);
    assert.deepEqual(core.planJson(), expected);
    const alt = core.alternatives();
    assert.deepEqual(alt.alternatives.map(({ board, ...row }) => row), others);
  });
}

// Arena sizes below the smallest: the message TFLM prints at each must not depend on the host's
// pointer width (the emulated target's decides), so wasm32 and x86_64 must print the same.
for (const config of ['', 'board=esp32-s3-devkitc-1']) {
  const model = path.join(tflm, 'person_detect.tflite');
  test(`person_detect [${config || 'defaults'}]: the same verdict and message at 41 sizes below the smallest`, {
    skip: !haveCli || !haveSite || !fs.existsSync(model) ? 'needs the CLI, the wasm build and ../shared' : false,
  }, () => {
    core.load(fs.readFileSync(model), model);
    const differ = [];
    for (let size = 2000; size <= 122000; size += 3000) {
      const expected = cliPlan({ model, config, arena: size });
      const reply = core.analyze(config, size);
      const got = core.planJson();
      if (got.headline !== expected.headline || JSON.stringify(got.failure) !== JSON.stringify(expected.failure)) {
        differ.push(`${size} B: wasm32 "${got.failure && got.failure.message}", native "${expected.failure && expected.failure.message}"`);
      }
    }
    assert.deepEqual(differ, []);
  });
}

test('tensor table CSV equals plan --csv (person_detect, ESP32-S3-DevKitC-1)', {
  skip: !haveCli || !haveSite || !fs.existsSync(path.join(tflm, 'person_detect.tflite')) ? 'needs the CLI, the wasm build and ../shared' : false,
}, () => {
  const model = path.join(tflm, 'person_detect.tflite');
  const csv = path.join(fs.mkdtempSync('/tmp/arenascope-web-'), 'tensors.csv');
  execFileSync(cli, ['plan', model, '--board', 'esp32-s3-devkitc-1', '--csv', csv], { encoding: 'utf8' });
  core.load(fs.readFileSync(model), model);
  core.analyze('board=esp32-s3-devkitc-1', null);
  assert.equal(core.exportText('tensors.csv'), fs.readFileSync(csv, 'utf8'));
});

test('a truncated model gets the command line\'s message', { skip: !haveCli || !haveSite ? 'needs the CLI and the wasm build' : false }, () => {
  const bytes = fs.readFileSync(path.join(root, 'models/example_kws_int8.tflite')).subarray(0, 1000);
  const file = path.join(fs.mkdtempSync('/tmp/arenascope-web-'), 'truncated.tflite');
  fs.writeFileSync(file, bytes);
  let err = '';
  try {
    execFileSync(cli, ['plan', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    err = e.stderr;
  }
  const loaded = core.load(bytes, file);
  assert.equal(loaded.ok, false);
  assert.equal(`arenascope: ${loaded.error}\n`, err);
});
