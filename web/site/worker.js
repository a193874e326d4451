// ArenaScope's Web Worker: owns the WebAssembly core (arenascope.js / arenascope.wasm, built from
// web/wasm/arenascope_wasm.cpp) and does every analysis off the page's main thread. It parses
// the core's JSON here and posts the page only what it draws: the verdict's text and figures,
// and the planned buffers as one Float64Array (transferred, not copied).
//
// Messages in:  {type:'load', bytes:ArrayBuffer, name} | {type:'lesson', id} |
//               {type:'analyze', config, arena, seq} | {type:'size', arena, seq} |
//               {type:'alternatives', seq} | {type:'replay', event} | {type:'export', kind, png}
// Messages out: {type:'ready'|'loaded'|'analysis'|'alternatives'|'replay'|'export'|'error', ...}
'use strict';

importScripts('arenascope.js');

let M = null; // the module
let buildSeq = 0; // the last full analysis (a new model or build): the other builds are its

const decoder = new TextDecoder();
function text(ptr) {
  const n = M._as_result_size();
  return decoder.decode(M.HEAPU8.subarray(ptr, ptr + n));
}
function cString(s) {
  const bytes = new TextEncoder().encode(s);
  const p = M._as_alloc(bytes.length + 1);
  M.HEAPU8.set(bytes, p);
  M.HEAPU8[p + bytes.length] = 0;
  return p;
}
function call(fn, ...strings) {
  const ptrs = strings.map(cString);
  try {
    return text(fn(...ptrs));
  } finally {
    ptrs.forEach((p) => M._as_free(p));
  }
}

function loadBytes(bytes, name) {
  const p = M._as_alloc(bytes.length);
  M.HEAPU8.set(bytes, p);
  const namePtr = cString(name);
  const out = JSON.parse(text(M._as_load(p, bytes.length, namePtr))); // as_load frees p
  M._as_free(namePtr);
  if (!out.ok) return { type: 'loaded', ok: false, error: out.error, name };
  return {
    type: 'loaded', ok: true, name, bytes: bytes.length, description: out.description || '',
    operators: out.operator_count, tensors: out.tensor_count, subgraphs: out.subgraphs,
  };
}

// The analysis reply (as_analyze / as_at_size) as the page draws it.
function analysisMessage(raw, seq, ms) {
  const head = JSON.parse(raw);
  if (!head.ok) return { type: 'analysis', seq, ok: false, error: head.error, ms };
  const v = head.view;
  const buffers = Float64Array.from(v.buffers);
  delete v.buffers;
  return {
    type: 'analysis', seq, ok: true, ms,
    headline: head.headline, kind: head.kind, min: head.min_arena_bytes ?? null,
    tflmMessage: head.tflm_message, plainWords: head.plain_words, where: head.where,
    configuration: head.configuration, settings: head.settings, view: v, buffers,
    tail: Float64Array.from(v.tail),
  };
}

function post(msg) {
  const transfer = [];
  for (const v of [msg.buffers, msg.tail]) if (ArrayBuffer.isView(v)) transfer.push(v.buffer);
  if (msg.view) delete msg.view.tail;
  self.postMessage(msg, transfer);
}

const handlers = {
  load(m) {
    return loadBytes(new Uint8Array(m.bytes), m.name);
  },
  lesson(m) {
    const idPtr = cString(m.id || '');
    const p = M._as_lesson_model(idPtr);
    M._as_free(idPtr);
    if (!p) return { type: 'loaded', ok: false, error: `No lesson named '${m.id}'.`, name: m.id };
    const bytes = M.HEAPU8.slice(p, p + M._as_bytes_size());
    return loadBytes(bytes, (m.id || 'example_kws_int8') + '.tflite');
  },
  analyze(m) {
    buildSeq = m.seq;
    const t0 = performance.now();
    const configPtr = cString(m.config || '');
    const raw = text(M._as_analyze(configPtr, m.arena ?? -1));
    M._as_free(configPtr);
    return analysisMessage(raw, m.seq, performance.now() - t0);
  },
  size(m) {
    const t0 = performance.now();
    const raw = text(M._as_at_size(m.arena ?? -1));
    return analysisMessage(raw, m.seq, performance.now() - t0);
  },
  alternatives(m) {
    if (m.seq !== buildSeq) return null; // another build came first: its own list follows
    const t0 = performance.now();
    const out = JSON.parse(text(M._as_alternatives()));
    return { type: 'alternatives', seq: m.seq, ok: out.ok, rows: out.alternatives || [], error: out.error,
      ms: performance.now() - t0 };
  },
  replay(m) {
    const out = JSON.parse(text(M._as_replay(m.event)));
    return Object.assign(out, { type: 'replay' });
  },
  export(m) {
    const kindPtr = cString(m.kind);
    let pngPtr = 0;
    let pngBytes = 0;
    if (m.png) {
      const png = new Uint8Array(m.png);
      pngPtr = M._as_alloc(png.length);
      M.HEAPU8.set(png, pngPtr);
      pngBytes = png.length;
    }
    const out = text(M._as_export(kindPtr, pngPtr, pngBytes));
    M._as_free(kindPtr);
    if (pngPtr) M._as_free(pngPtr);
    if (out.startsWith('{"ok":false')) return { type: 'export', kind: m.kind, ok: false, error: JSON.parse(out).error };
    return { type: 'export', kind: m.kind, ok: true, text: out };
  },
};

const queue = [];
let started = false;
self.onmessage = (e) => {
  queue.push(e.data);
  if (M) drain();
};
function drain() {
  while (queue.length) {
    let m = queue.shift();
    // A drag sends many sizes: only the newest one still waiting is worth answering.
    while (m.type === 'size' && queue.length && queue[0].type === 'size') m = queue.shift();
    try {
      const out = handlers[m.type](m);
      if (out) post(out);
    } catch (err) {
      post({ type: 'error', request: m.type, error: String(err && err.message ? err.message : err) });
    }
  }
}

const t0 = performance.now();
createArenaScope().then((module) => {
  M = module;
  started = true;
  post({
    type: 'ready', ms: performance.now() - t0,
    boards: JSON.parse(text(M._as_boards())),
    options: JSON.parse(text(M._as_options())),
    lessons: JSON.parse(text(M._as_lessons())),
    maxModelBytes: M._as_max_model_bytes(),
  });
  // Warm-up while nobody waits: one analysis of the bundled example takes the emulation's code
  // through the engine's first compilation tiers, so the user's first model is answered faster.
  if (!queue.length) {
    const t1 = performance.now();
    handlers.lesson({ id: '' });
    handlers.analyze({ config: '', arena: -1, seq: 0 });
    handlers.analyze({ config: 'kernels=cmsis-nn,cpu=cortex-m4', arena: 20000, seq: 0 });
    handlers.size({ arena: 30000, seq: 0 });
    self.postMessage({ type: 'warm', ms: performance.now() - t1 });
  }
  drain();
}, (err) => {
  post({ type: 'error', request: 'start', error: 'The WebAssembly core did not start: ' + err });
});
