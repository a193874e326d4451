// A static file server for build-web/site on 127.0.0.1 only (scripts/arenascope.sh web, and the
// browser test and benchmark). No server-side code: it sends files, with the types a browser
// needs (application/wasm for streaming compilation).
//
//   node web/tools/serve.mjs DIR [PORT]      (PORT 0: any free port; prints the URL)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.tflite': 'application/octet-stream',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
};

export function serve(root, port = 0) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.resolve(base, '.' + rel);
    if (!file.startsWith(base + path.sep) && file !== base) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  const port = Number(process.argv[3] || 8036);
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`usage: node serve.mjs SITE_DIR [PORT]: ${dir || '(none)'} has no index.html`);
    process.exit(2);
  }
  const server = await serve(dir, port);
  console.log(`ArenaScope in the browser: http://127.0.0.1:${server.address().port}/  (Ctrl+C stops it)`);
}
