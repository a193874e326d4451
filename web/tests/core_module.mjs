// The WebAssembly core (build-web/site/arenascope.js) under Node, called the way the page's
// worker calls it (web/site/worker.js): for the plan-equality test and the benchmark.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

// emscripten 3.1.6 would fetch() the .wasm by its path under Node 18+: hand it the bytes.
const options = (siteDir) => ({ wasmBinary: fs.readFileSync(path.resolve(siteDir, 'arenascope.wasm')) });

export async function loadCore(siteDir) {
  const require = createRequire(import.meta.url);
  const createArenaScope = require(path.resolve(siteDir, 'arenascope.js'));
  const M = await createArenaScope(options(siteDir));
  const decoder = new TextDecoder();
  const text = (ptr) => decoder.decode(M.HEAPU8.subarray(ptr, ptr + M._as_result_size()));
  const cString = (s) => {
    const bytes = new TextEncoder().encode(s);
    const p = M._as_alloc(bytes.length + 1);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return p;
  };
  const withStrings = (strings, fn) => {
    const ptrs = strings.map(cString);
    try {
      return fn(...ptrs);
    } finally {
      ptrs.forEach((p) => M._as_free(p));
    }
  };
  return {
    load(bytes, name) {
      const p = M._as_alloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      return JSON.parse(withStrings([name], (n) => text(M._as_load(p, bytes.length, n))));
    },
    // The reply as the worker gets it: {ok, headline, min_arena_bytes, view, ...}.
    analyze(config, arena) {
      return JSON.parse(withStrings([config], (c) => text(M._as_analyze(c, arena ?? -1))));
    },
    planJson() {
      return JSON.parse(text(M._as_plan_json()));
    },
    atSize(arena) {
      return JSON.parse(text(M._as_at_size(arena ?? -1)));
    },
    alternatives() {
      return JSON.parse(text(M._as_alternatives()));
    },
    exportText(kind) {
      return withStrings([kind], (k) => text(M._as_export(k, 0, 0)));
    },
  };
}

// The bytes of core/model/synthetic_model.h's chain of `operators` operators.
export async function chainModel(siteDir, operators) {
  const require = createRequire(import.meta.url);
  const M = await require(path.resolve(siteDir, 'arenascope.js'))(options(siteDir));
  const p = M._as_chain_model(operators);
  return M.HEAPU8.slice(p, p + M._as_bytes_size());
}
