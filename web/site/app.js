// ArenaScope in the browser: the page's main thread. It only draws: every figure comes from the
// WebAssembly core in worker.js (the same code as the desktop app and `arenascope plan`).
'use strict';

const $ = (id) => document.getElementById(id);
const timings = (window.arenascopeTimings = { start: performance.now() });

// The desktop app's colours (ui/plots/plot_colors.h): buffer kinds in BufferKind order.
const KIND_COLORS = ['#4e79a7', '#59a14f', '#f28e2b', '#b07aa1', '#76b7b2'];
const KIND_NAMES = ['activation', 'model input', 'model output', 'scratch', 'offline placed'];
const TAIL = '#9c755f';
const TEMP = '#9a9a9a';
const FAILURE = '#d62728';
const FITS = '#2c7f2c';
const SELECTION = '#ffd700';
const HALF_STEP = 0.45; // a buffer covers [first - 0.45, last + 0.45] (ui/models/timeline_geometry.h)

const fmt = (n) => Math.round(n).toLocaleString('en-US');

function blocked(message) {
  document.querySelector('main').innerHTML = '';
  const p = document.createElement('p');
  p.className = 'problem blocked';
  p.id = 'headline';
  p.textContent = message;
  document.querySelector('main').appendChild(p);
}

if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function' || typeof Worker !== 'function') {
  blocked('This browser cannot run WebAssembly (or Web Workers), which ArenaScope needs to analyse a model here. ' +
    'Use a current Firefox, Chrome, Edge or Safari, or the command line: arenascope plan MODEL.tflite');
} else {
  start();
}

function start() {
  const worker = new Worker('worker.js');
  const st = {
    ready: false, options: [], boards: [], lessons: [], maxBytes: 64 * 1024 * 1024,
    modelName: '', loaded: false, config: '', arena: null, seq: 0, buildSeq: 0,
    a: null, replay: null, sizeInFlight: false, pendingSize: undefined, hover: -1, dragging: false,
  };
  const params = new URLSearchParams(location.search);
  st.config = params.get('config') || '';
  if (params.get('arena') !== null && /^\d+$/.test(params.get('arena'))) st.arena = Number(params.get('arena'));

  // A model named in the URL is fetched while the core starts.
  let urlModel = null;
  const modelParam = params.get('model');
  if (modelParam) {
    if (/^[\w.\-/]+\.tflite$/.test(modelParam) && !modelParam.includes('..') && !modelParam.startsWith('/')) {
      urlModel = fetch(modelParam).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status} ${r.statusText}`))));
      urlModel.catch(() => {});
    } else {
      setStatus(`The link names '${modelParam}': only a .tflite file served beside this page can be opened from a link.`, true);
    }
  }

  worker.onerror = (e) => {
    $('headline').textContent = 'The analysis worker failed to start: ' + (e.message || 'unknown error');
    $('headline').className = 'headline problem';
  };
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'ready') onReady(m);
    else if (m.type === 'loaded') onLoaded(m);
    else if (m.type === 'analysis') onAnalysis(m);
    else if (m.type === 'alternatives') onAlternatives(m);
    else if (m.type === 'replay') onReplay(m);
    else if (m.type === 'export') onExport(m);
    else if (m.type === 'warm') timings.warmMs = m.ms;
    else if (m.type === 'error') {
      $('headline').textContent = `Something went wrong (${m.request}): ${m.error}`;
      $('headline').className = 'headline problem';
    }
  };

  // ---- start-up ---------------------------------------------------------------------------
  function onReady(m) {
    timings.workerReady = performance.now();
    st.ready = true;
    st.options = m.options;
    st.boards = m.boards;
    st.lessons = m.lessons;
    st.maxBytes = m.maxModelBytes;
    for (const b of st.boards) {
      const o = document.createElement('option');
      o.value = b.id;
      o.textContent = b.title;
      o.title = `${b.chip}; RAM ${fmt(b.ram_bytes)} B`;
      $('board').appendChild(o);
    }
    buildOptionsForm();
    buildLessons();
    buildLegend();
    showConfig();
    showArena();
    if (urlModel) {
      const name = modelParam.split('/').pop();
      setStatus(`Opening ${name}…`);
      urlModel.then((buf) => loadBuffer(buf, name), (err) => {
        setStatus(`Cannot open ${modelParam} from this page's folder (${err.message}). Drop the file here to see this view.`, true);
        st.modelName = name;
      });
    }
  }

  function buildOptionsForm() {
    const box = $('options');
    for (const o of st.options) {
      if (o.key === 'board') continue; // the Board list above
      const id = 'opt-' + o.key;
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = o.key;
      label.title = o.help;
      let input;
      if (o.flag) {
        input = document.createElement('input');
        input.type = 'checkbox';
      } else if (o.choices) {
        input = document.createElement('select');
        input.appendChild(new Option('(default)', ''));
        for (const c of o.choices) input.appendChild(new Option(c, c));
      } else {
        input = document.createElement('input');
        input.type = 'text';
        input.placeholder = '(default) ' + o.value;
      }
      input.id = id;
      input.title = o.help;
      input.addEventListener('change', () => {
        const v = o.flag ? (input.checked ? 'true' : '') : input.value;
        setConfigKey(o.key, v);
      });
      box.append(label, input);
    }
  }

  function buildLessons() {
    const list = $('lesson-list');
    for (const l of st.lessons) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = l.title;
      b.addEventListener('click', () => openLesson(l.id));
      const guide = document.createElement('span');
      guide.className = 'guide';
      guide.textContent = l.guide;
      li.append(b, guide);
      list.appendChild(li);
    }
  }

  function buildLegend() {
    const legend = $('legend');
    const add = (name, color, cls) => {
      const s = document.createElement('span');
      s.textContent = name;
      s.style.setProperty('--swatch', color);
      if (cls) s.className = cls;
      legend.appendChild(s);
    };
    KIND_NAMES.forEach((n, i) => add(n, KIND_COLORS[i]));
    add('padding', '#fff', 'hatch');
    add('temp (peak, above the head)', TEMP);
    add('tail', TAIL);
    add('arena size', FAILURE);
  }

  // ---- configuration ----------------------------------------------------------------------
  function pairs(text) {
    return text.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
    });
  }
  function setConfigKey(key, value) {
    let ps = pairs(st.config);
    const board = ps.find(([k]) => k === 'board');
    if (board) {
      // A board is a shortcut for its settings: spell them out before changing one.
      const b = st.boards.find((x) => x.id === board[1]);
      ps = ps.filter(([k]) => k !== 'board');
      if (b) ps = pairs(b.configuration).concat(ps.filter(([k]) => !pairs(b.configuration).some(([bk]) => bk === k)));
    }
    ps = ps.filter(([k]) => k !== key);
    if (value !== '') ps.push([key, value]);
    st.config = ps.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join(',');
    showConfig();
    reanalyze();
  }
  function showConfig() {
    $('config').value = st.config;
    const ps = pairs(st.config);
    const board = ps.find(([k]) => k === 'board');
    $('board').value = board && st.boards.some((b) => b.id === board[1]) ? board[1] : '';
    for (const o of st.options) {
      const input = $('opt-' + o.key);
      if (!input) continue;
      const p = ps.find(([k]) => k === o.key);
      if (o.flag) input.checked = !!p && p[1] !== 'false';
      else input.value = p ? p[1] : '';
    }
  }
  $('board').addEventListener('change', () => {
    const id = $('board').value;
    st.config = id ? `board=${id}` : '';
    showConfig();
    reanalyze();
  });
  $('config').addEventListener('change', () => {
    st.config = $('config').value.trim();
    showConfig();
    reanalyze();
  });

  // ---- arena size -------------------------------------------------------------------------
  function showArena() {
    const on = st.arena !== null;
    $('arena-on').checked = on;
    $('arena-bytes').disabled = !on;
    $('arena-slider').disabled = !on;
    if (on) $('arena-bytes').value = st.arena;
    const min = st.a && st.a.min !== null ? st.a.min : 0;
    const top = Math.max(16, Math.ceil((Math.max(min * 2, (st.arena || 0) * 1.25, 1024)) / 16) * 16);
    $('arena-slider').max = top;
    $('arena-slider').step = 16;
    if (on) $('arena-slider').value = st.arena;
  }
  function setArena(bytes, fromSlider) {
    st.arena = bytes === null ? null : Math.max(0, Math.round(bytes));
    if (!fromSlider || st.arena === null) showArena();
    else {
      $('arena-bytes').value = st.arena;
    }
    updateUrl();
    if (!st.loaded) return;
    if (!st.a || !st.a.ok) return reanalyze();
    // Only the size changed: reanalyzeAtSize, one request in flight (the newest size wins).
    st.pendingSize = st.arena;
    pumpSize();
  }
  function pumpSize() {
    if (st.sizeInFlight || st.pendingSize === undefined) return;
    const size = st.pendingSize;
    st.pendingSize = undefined;
    st.sizeInFlight = true;
    st.seq += 1;
    worker.postMessage({ type: 'size', arena: size === null ? -1 : size, seq: st.seq });
  }
  $('arena-on').addEventListener('change', () => {
    if ($('arena-on').checked) setArena(st.a && st.a.min !== null ? st.a.min : 65536);
    else setArena(null);
  });
  $('arena-bytes').addEventListener('change', () => {
    const v = Number($('arena-bytes').value);
    if (Number.isFinite(v) && v >= 0) setArena(v);
  });
  $('arena-slider').addEventListener('input', () => setArena(Number($('arena-slider').value), true));
  $('arena-slider').addEventListener('change', () => showArena());

  // ---- models -----------------------------------------------------------------------------
  function setStatus(text, problem) {
    $('model-status').textContent = text;
    $('model-status').className = problem ? 'problem' : '';
  }
  function openFile(file) {
    if (!file) return;
    if (file.size > st.maxBytes) {
      const msg = `${file.name} is ${fmt(file.size)} B: this page takes models up to ${fmt(st.maxBytes)} B ` +
        `(${st.maxBytes / 1048576} MiB). The command line (arenascope plan) takes larger ones.`;
      setStatus(msg, true);
      showLoadError(msg);
      return;
    }
    setStatus(`Reading ${file.name}…`);
    file.arrayBuffer().then((buf) => loadBuffer(buf, file.name), (err) => setStatus(`Cannot read ${file.name}: ${err}`, true));
  }
  function loadBuffer(buf, name) {
    st.modelName = name;
    st.loaded = false;
    worker.postMessage({ type: 'load', bytes: buf, name }, [buf]);
  }
  function openLesson(id) {
    setStatus(`Opening the ${id || 'example'} model…`);
    worker.postMessage({ type: 'lesson', id });
  }
  function showLoadError(message) {
    st.a = null;
    $('headline').textContent = 'This file cannot be analysed';
    $('headline').className = 'headline cannot_allocate';
    $('min-arena-bytes').textContent = '–';
    $('tflm-message').hidden = false;
    $('tflm-message').textContent = message;
    $('plain-words').hidden = true;
    $('others-list').innerHTML = '';
    $('others-status').textContent = '—';
    clearViews();
  }
  function onLoaded(m) {
    timings.loaded = performance.now();
    if (!m.ok) {
      setStatus(`${m.name}: ${m.error}`, true);
      showLoadError(m.error);
      return;
    }
    st.modelName = m.name;
    st.loaded = true;
    setStatus(`${m.name}: ${fmt(m.operators)} operators, ${fmt(m.tensors)} tensors, ${fmt(m.bytes)} B` +
      (m.description ? ` (${m.description})` : ''));
    reanalyze();
  }

  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    openFile(e.dataTransfer.files[0]);
  });
  // Dropped anywhere on the page: the same.
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => { e.preventDefault(); if (e.dataTransfer.files.length) openFile(e.dataTransfer.files[0]); });
  drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); $('file').click(); }
  });
  $('file').addEventListener('change', () => openFile($('file').files[0]));
  $('example').addEventListener('click', () => openLesson(''));

  // ---- analysis ---------------------------------------------------------------------------
  function reanalyze() {
    updateUrl();
    if (!st.loaded || !st.ready) return;
    st.seq += 1;
    st.pendingSize = undefined;
    $('config-error').hidden = true;
    st.buildSeq = st.seq;
    worker.postMessage({ type: 'analyze', config: st.config, arena: st.arena === null ? -1 : st.arena, seq: st.seq });
    $('others-status').textContent = 'Analysing…';
  }
  function onAnalysis(m) {
    const wasSize = st.sizeInFlight;
    st.sizeInFlight = false;
    if (m.seq !== st.seq) { pumpSize(); return; } // a newer request is on its way
    if (!m.ok) {
      $('config-error').hidden = false;
      $('config-error').textContent = m.error;
      pumpSize();
      return;
    }
    if (timings.firstAnalysis === undefined) timings.firstAnalysis = performance.now();
    timings.lastAnalysisMs = m.ms;
    (timings.analysisMs = timings.analysisMs || []).push({ ms: m.ms, size: wasSize });
    const changedBuild = !st.a || st.a.configuration !== m.configuration;
    st.a = m;
    st.replay = null;
    renderVerdict();
    if (!wasSize || changedBuild) {
      showArena();
      $('event').max = Math.max(0, m.view.events - 1);
      $('event').value = -1;
      $('event-number').textContent = '';
      $('event-text').textContent = 'Playback replays TFLM\'s allocation log, event by event.';
    }
    const t0 = performance.now();
    draw();
    timings.drawMs = performance.now() - t0;
    $('timing').textContent = `Last analysis: ${m.ms.toFixed(1)} ms in the WebAssembly core.`;
    if (!wasSize) worker.postMessage({ type: 'alternatives', seq: m.seq });
    pumpSize();
  }
  function renderVerdict() {
    const a = st.a;
    $('headline').textContent = a.headline;
    $('headline').className = 'headline ' + a.kind;
    $('min-arena-bytes').textContent = a.min === null ? 'none' : String(a.min);
    $('tflm-message').hidden = !a.tflmMessage;
    $('tflm-message').textContent = a.tflmMessage ? `TFLM: ${a.tflmMessage}` : '';
    $('plain-words').hidden = !a.plainWords;
    $('plain-words').textContent = a.plainWords + (a.where ? ` (${a.where})` : '');
    $('settings-text').textContent = `${st.modelName}: ${a.settings}`;
  }
  function onAlternatives(m) {
    if (m.seq !== st.buildSeq) return; // for a build no longer shown
    timings.alternativesMs = m.ms;
    timings.alternatives = performance.now();
    const list = $('others-list');
    list.innerHTML = '';
    if (!m.ok) { $('others-status').textContent = m.error; return; }
    $('others-status').textContent = 'The smallest arena on the other builds users ship (difference to this one; double-click or Enter analyses one):';
    for (const r of m.rows) {
      const li = document.createElement('li');
      const name = document.createElement('code');
      name.textContent = r.board ? `${r.board}` : differingPairs(r.config, st.a.configuration);
      name.title = r.config;
      li.appendChild(name);
      let tail;
      if (r.min_arena_bytes !== null) {
        const d = r.delta_bytes || 0;
        tail = `: ${fmt(r.min_arena_bytes)} B (${d > 0 ? '+' : ''}${fmt(d)} B)${r.complete ? '' : ', search cut short'}`;
      } else {
        tail = `: ${r.failure || 'no arena size helps'}`;
      }
      const span = document.createElement('span');
      span.textContent = tail;
      if (r.delta_bytes > 0) span.className = 'delta-up';
      else if (r.delta_bytes < 0) span.className = 'delta-down';
      li.appendChild(span);
      li.tabIndex = 0;
      li.title = 'Enter: analyse this build';
      li.addEventListener('keydown', (e) => { if (e.key === 'Enter') useConfiguration(r.config); });
      li.addEventListener('dblclick', () => useConfiguration(r.config));
      list.appendChild(li);
    }
  }
  // Only what differs from the build shown ("target=cortex-m,kernels=reference"): the rest is the same.
  function differingPairs(config, shown) {
    const mine = new Map(pairs(shown));
    const diff = pairs(config).filter(([k, v]) => mine.get(k) !== v).map(([k, v]) => `${k}=${v}`);
    return diff.length ? diff.join(', ') : config;
  }
  function useConfiguration(c) {
    st.config = c;
    showConfig();
    reanalyze();
  }

  function updateUrl() {
    const p = new URLSearchParams();
    if (st.modelName) p.set('model', st.modelName);
    if (st.config) p.set('config', st.config);
    if (st.arena !== null) p.set('arena', String(st.arena));
    const q = p.toString().replace(/%2C/g, ',').replace(/%3D/g, '=');
    history.replaceState(null, '', q ? `?${q}` : location.pathname);
  }

  // ---- drawing ----------------------------------------------------------------------------
  const tl = $('timeline');
  const map = $('arenamap');
  let geom = null; // the timeline's mapping, for the mouse

  function fitCanvas(c) {
    const r = c.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(r.width * dpr));
    const h = Math.max(1, Math.round(r.height * dpr));
    if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
    const ctx = c.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    return { ctx, w: r.width, h: r.height };
  }
  function clearViews() {
    for (const c of [tl, map]) {
      const { ctx, w, h } = fitCanvas(c);
      ctx.clearRect(0, 0, w, h);
    }
    geom = null;
  }
  let hatch = null;
  function hatchPattern(ctx) {
    if (hatch) return hatch;
    const p = document.createElement('canvas');
    p.width = p.height = 6;
    const c = p.getContext('2d');
    c.fillStyle = 'rgba(255,255,255,0.85)';
    c.fillRect(0, 0, 6, 6);
    c.strokeStyle = '#555';
    c.lineWidth = 1;
    c.beginPath();
    c.moveTo(0, 6); c.lineTo(6, 0);
    c.stroke();
    hatch = ctx.createPattern(p, 'repeat');
    return hatch;
  }
  function niceStep(range, count) {
    const raw = range / Math.max(1, count);
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const f of [1, 2, 2.5, 5, 10]) if (f * mag >= raw) return f * mag;
    return 10 * mag;
  }
  // The arena the views show: the given size, else the bytes the run used (Analysis::shownArenaBytes).
  function shownBytes(a) {
    return a.view.shown_arena_bytes;
  }
  // Tail offsets of the run the figures come from, moved to the shown arena's end.
  function tailShift(a) {
    return shownBytes(a) - a.view.figures_arena_bytes;
  }

  function draw() {
    const a = st.a;
    if (!a || !a.ok) return clearViews();
    drawTimeline(a);
    drawMap(a);
  }

  function drawTimeline(a) {
    const { ctx, w, h } = fitCanvas(tl);
    ctx.clearRect(0, 0, w, h);
    const v = a.view;
    const shown = shownBytes(a);
    const arena = st.arena;
    const yMax = Math.max(shown, arena || 0, a.min || 0, 1) * 1.06;
    const steps = Math.max(1, v.steps);
    const left = 74, right = 10, top = 10, bottom = 28;
    const pw = Math.max(10, w - left - right), ph = Math.max(10, h - top - bottom);
    const x = (s) => left + ((s + 0.5) / steps) * pw;
    const y = (o) => top + ph - (o / yMax) * ph;
    geom = { x, y, left, top, pw, ph, yMax, steps, toOffset: (py) => ((top + ph - py) / ph) * yMax,
      toStep: (px) => ((px - left) / pw) * steps - 0.5 };

    // Regions: tail band at the arena's end, temp peak above the head.
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, pw, ph);
    ctx.clip();
    const tailLo = shown - v.tail_bytes;
    ctx.fillStyle = 'rgba(156,117,95,0.35)';
    ctx.fillRect(left, y(shown), pw, y(tailLo) - y(shown));
    if (v.temp_peak_bytes > 0) {
      ctx.fillStyle = 'rgba(154,154,154,0.35)';
      ctx.fillRect(left, y(v.head_bytes + v.temp_peak_bytes), pw, y(v.head_bytes) - y(v.head_bytes + v.temp_peak_bytes));
    }
    // Planned buffers: solid for their bytes, hatched for the alignment padding above.
    const b = a.buffers;
    const pattern = hatchPattern(ctx);
    const crossing = []; // buffers reaching into the tail: what does not fit
    for (let i = 0; i + 7 < b.length; i += 8) {
      const off = b[i + 2];
      if (off < 0) continue;
      const x0 = x(b[i] - HALF_STEP), x1 = x(b[i + 1] + HALF_STEP);
      const yUsed = y(off + b[i + 3]), yLo = y(off), yHi = y(off + b[i + 4]);
      ctx.fillStyle = KIND_COLORS[b[i + 5]] || '#888';
      ctx.fillRect(x0, yUsed, Math.max(1, x1 - x0), Math.max(0.5, yLo - yUsed));
      if (b[i + 4] > b[i + 3]) {
        ctx.fillStyle = pattern;
        ctx.fillRect(x0, yHi, Math.max(1, x1 - x0), yUsed - yHi);
      }
      if (i / 8 === st.hover) {
        ctx.strokeStyle = SELECTION;
        ctx.lineWidth = 3;
        ctx.strokeRect(x0, yHi, Math.max(1, x1 - x0), yLo - yHi);
      } else if (off + b[i + 4] > tailLo) {
        crossing.push([x0, yHi, Math.max(1, x1 - x0), yLo - yHi]);
      } else if (x1 - x0 > 4 && yLo - yHi > 3) {
        ctx.strokeStyle = 'rgba(255,255,255,0.7)';
        ctx.lineWidth = 1;
        ctx.strokeRect(x0 + 0.5, yHi + 0.5, x1 - x0 - 1, yLo - yHi - 1);
      }
    }
    // Outlined in the failure colour after every box, as the desktop's timeline does.
    ctx.strokeStyle = FAILURE;
    ctx.lineWidth = 2.5;
    for (const r of crossing) ctx.strokeRect(...r);
    ctx.restore();

    // Axes and ticks.
    ctx.strokeStyle = '#444';
    ctx.lineWidth = 1;
    ctx.strokeRect(left + 0.5, top + 0.5, pw, ph);
    ctx.fillStyle = '#333';
    ctx.font = '11px "DejaVu Sans", sans-serif';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const ys = niceStep(yMax, ph / 40);
    for (let o = 0; o <= yMax; o += ys) {
      ctx.fillText(fmt(o), left - 4, y(o));
      ctx.fillRect(left - 3, Math.round(y(o)), 3, 1);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const xs = Math.max(1, Math.ceil(niceStep(steps, pw / 60)));
    for (let s = 0; s < steps; s += xs) ctx.fillText(String(s), x(s), top + ph + 4);
    ctx.textAlign = 'left';
    ctx.fillText('step →', left + 2, top + ph + 15);
    ctx.save();
    ctx.translate(12, top + ph / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText('offset in the arena (B)', 0, 0);
    ctx.restore();

    // Lines: head, tail start, smallest arena, the arena size (draggable).
    const line = (o, color, label, dash, width) => {
      if (o > yMax) return;
      ctx.strokeStyle = color;
      ctx.setLineDash(dash || []);
      ctx.lineWidth = width || 1;
      ctx.beginPath();
      ctx.moveTo(left, Math.round(y(o)) + 0.5);
      ctx.lineTo(left + pw, Math.round(y(o)) + 0.5);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = color;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.font = (width > 1 ? 'bold ' : '') + '11px "DejaVu Sans", sans-serif';
      ctx.fillText(label, left + pw - 4, y(o) - 2);
    };
    line(v.head_bytes, '#3a5f8a', `head ${fmt(v.head_bytes)} B`, [4, 3]);
    if (v.tail_bytes > 0) {
      ctx.fillStyle = '#5c4536';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.font = '11px "DejaVu Sans", sans-serif';
      if (y(tailLo) - y(shown) > 12) ctx.fillText(`tail ${fmt(v.tail_bytes)} B`, left + 4, y(shown) + 2);
    }
    if (a.min !== null && a.min !== arena) line(a.min, FITS, `smallest arena ${fmt(a.min)} B`, [2, 3]);
    if (arena !== null) line(arena, a.kind === 'fits' ? FITS : FAILURE, `arena ${fmt(arena)} B (drag)`, null, 2.5);
  }

  function drawMap(a) {
    const { ctx, w, h } = fitCanvas(map);
    ctx.clearRect(0, 0, w, h);
    const v = a.view;
    const shown = Math.max(shownBytes(a), st.arena || 0, 1);
    const left = 8, right = 8, top = 18, bh = 26;
    const bw = w - left - right;
    const x = (o) => left + (o / shown) * bw;
    ctx.fillStyle = '#f0f0f0';
    ctx.fillRect(left, top, bw, bh);
    const r = st.replay;
    if (r) {
      // The arena right after the event being played back (core/analysis/replay.h).
      ctx.fillStyle = r.plan_committed ? KIND_COLORS[0] : 'rgba(78,121,167,0.45)';
      ctx.fillRect(x(0), top, x(r.head_end) - x(0), bh);
      ctx.fillStyle = TEMP;
      for (const [b, e] of r.temps) ctx.fillRect(x(b), top, Math.max(1, x(e) - x(b)), bh);
      const shift = tailShift(a);
      r.tail.forEach(([b, e], i) => {
        ctx.fillStyle = i % 2 ? '#b0917f' : TAIL;
        ctx.fillRect(x(b + shift), top, Math.max(1, x(e) - x(b)), bh);
      });
      if (r.failed) {
        ctx.fillStyle = FAILURE;
        const [b, e] = r.failed;
        ctx.fillRect(x(Math.max(0, b + (b > v.head_bytes ? shift : 0))), top - 4, Math.max(2, x(e) - x(b)), bh + 8);
      }
    } else {
      const b = a.buffers;
      for (let i = 0; i + 7 < b.length; i += 8) {
        if (b[i + 2] < 0) continue;
        ctx.fillStyle = KIND_COLORS[b[i + 5]] || '#888';
        ctx.fillRect(x(b[i + 2]), top, Math.max(0.5, x(b[i + 2] + b[i + 4]) - x(b[i + 2])), bh);
      }
      if (v.temp_peak_bytes > 0) {
        ctx.fillStyle = 'rgba(154,154,154,0.7)';
        ctx.fillRect(x(v.head_bytes), top + bh / 3, x(v.head_bytes + v.temp_peak_bytes) - x(v.head_bytes), bh / 3);
      }
      const t = a.tail;
      const shift = tailShift(a);
      for (let i = 0; i + 2 < t.length; i += 3) {
        const shade = 1 + 0.14 * (t[i + 2] % 4);
        ctx.fillStyle = `rgb(${Math.min(255, 156 * shade)},${Math.min(255, 117 * shade)},${Math.min(255, 95 * shade)})`;
        ctx.fillRect(x(t[i] + shift), top, Math.max(0.5, x(t[i] + t[i + 1]) - x(t[i])), bh);
      }
    }
    ctx.strokeStyle = '#444';
    ctx.strokeRect(left + 0.5, top + 0.5, bw, bh);
    ctx.fillStyle = '#333';
    ctx.font = '11px "DejaVu Sans", sans-serif';
    ctx.textBaseline = 'bottom';
    ctx.textAlign = 'left';
    ctx.fillText('0 B: head (plan) →', left, top - 3);
    ctx.textAlign = 'right';
    ctx.fillText(`← tail   ${fmt(shown)} B`, left + bw, top - 3);
    if (st.arena !== null) {
      ctx.fillStyle = a.kind === 'fits' ? FITS : FAILURE;
      ctx.fillRect(x(st.arena) - 1, top - 4, 2.5, bh + 8);
    }
  }

  // ---- the mouse and the keyboard on the timeline ----------------------------------------
  function nearArenaLine(py) {
    if (!geom || st.arena === null) return false;
    return Math.abs(geom.y(st.arena) - py) < 7;
  }
  function pos(e) {
    const r = tl.getBoundingClientRect();
    return { px: e.clientX - r.left, py: e.clientY - r.top };
  }
  tl.addEventListener('pointerdown', (e) => {
    const { py } = pos(e);
    if (nearArenaLine(py)) {
      st.dragging = true;
      tl.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  });
  tl.addEventListener('pointermove', (e) => {
    const { px, py } = pos(e);
    if (st.dragging && geom) {
      const o = Math.max(0, Math.round(geom.toOffset(py) / 16) * 16);
      setArena(o, true);
      $('arena-slider').value = o;
      return;
    }
    tl.style.cursor = nearArenaLine(py) ? 'ns-resize' : 'default';
    hoverAt(px, py);
  });
  tl.addEventListener('pointerup', () => { if (st.dragging) { st.dragging = false; showArena(); } });
  tl.addEventListener('keydown', (e) => {
    if (!st.a) return;
    const base = st.arena !== null ? st.arena : (st.a.min || 0);
    const stepBytes = e.shiftKey ? 1024 : 16;
    let next = null;
    if (e.key === 'ArrowUp') next = base + stepBytes;
    else if (e.key === 'ArrowDown') next = Math.max(0, base - stepBytes);
    else if (e.key === 'PageUp') next = Math.round(base * 1.1);
    else if (e.key === 'PageDown') next = Math.round(base / 1.1);
    else if (e.key === 'Home' && st.a.min !== null) next = st.a.min;
    if (next !== null) { e.preventDefault(); setArena(next); }
  });
  function hoverAt(px, py) {
    if (!geom || !st.a || !st.a.ok) return;
    const s = geom.toStep(px), o = geom.toOffset(py);
    const b = st.a.buffers;
    let hit = -1;
    for (let i = 0; i + 7 < b.length; i += 8) {
      if (b[i + 2] < 0) continue;
      if (s >= b[i] - HALF_STEP && s <= b[i + 1] + HALF_STEP && o >= b[i + 2] && o <= b[i + 2] + b[i + 4]) { hit = i / 8; }
    }
    if (hit !== st.hover) {
      st.hover = hit;
      drawTimeline(st.a);
      if (hit >= 0) {
        const i = hit * 8;
        const name = st.a.view.names[hit];
        $('hover').textContent = `${name}: ${KIND_NAMES[b[i + 5]]}, ${fmt(b[i + 3])} B (${fmt(b[i + 4])} B aligned) ` +
          `at offset ${fmt(b[i + 2])}, steps ${b[i]}–${b[i + 1]}`;
      }
    }
  }
  window.addEventListener('resize', () => draw());

  // ---- playback ---------------------------------------------------------------------------
  let playTimer = null;
  function askReplay(event) {
    worker.postMessage({ type: 'replay', event });
  }
  $('event').addEventListener('input', () => askReplay(Number($('event').value)));
  function onReplay(m) {
    if (!m.ok || !st.a) return;
    st.replay = m;
    $('event-number').textContent = `${m.event + 1} / ${m.events}`;
    $('event-text').textContent = m.text;
    drawMap(st.a);
  }
  $('play').addEventListener('click', () => {
    if (playTimer) { stopPlay(); return; }
    if (!st.a) return;
    if (Number($('event').value) >= Number($('event').max)) $('event').value = -1;
    $('play').textContent = '⏸ Pause';
    const n = Number($('event').max) + 1;
    const stride = Math.max(1, Math.round(n / 300)); // about ten seconds for any log
    playTimer = setInterval(() => {
      const next = Math.min(Number($('event').max), Number($('event').value) + stride);
      $('event').value = next;
      askReplay(next);
      if (next >= Number($('event').max)) stopPlay();
    }, 33);
  });
  function stopPlay() {
    clearInterval(playTimer);
    playTimer = null;
    $('play').textContent = '▶ Play';
  }

  // ---- exports ----------------------------------------------------------------------------
  const base = () => (st.modelName || 'model').replace(/\.tflite$/, '');
  function download(name, blob) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    $('export-status').textContent = `Saved ${name}.`;
  }
  function timelinePng() {
    return new Promise((resolve) => tl.toBlob(resolve, 'image/png'));
  }
  document.querySelectorAll('[data-export]').forEach((btn) => btn.addEventListener('click', async () => {
    if (!st.a || !st.a.ok) { $('export-status').textContent = 'Open a model first.'; return; }
    const kind = btn.dataset.export;
    if (kind === 'timeline.png') return download(`${base()}_timeline.png`, await timelinePng());
    let png = null;
    if (kind === 'report.html') png = await (await timelinePng()).arrayBuffer();
    worker.postMessage({ type: 'export', kind, png }, png ? [png] : []);
  }));
  function onExport(m) {
    if (!m.ok) { $('export-status').textContent = m.error; return; }
    const types = { csv: 'text/csv', json: 'application/json', html: 'text/html' };
    const ext = m.kind.split('.').pop();
    download(`${base()}_${m.kind}`, new Blob([m.text], { type: `${types[ext]};charset=utf-8` }));
  }
  $('copy-link').addEventListener('click', () => {
    updateUrl();
    const done = () => { $('export-status').textContent = 'Link copied: it opens this configuration (drop the model, or serve it beside the page).'; };
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(done, () => { $('export-status').textContent = location.href; });
    else $('export-status').textContent = location.href;
  });
}
