// Baseline of the client benchmark: the consumer index page as plain HTML and CSS, without any
// JavaScript, from a bare node:http server. What a browser needs at least to paint the same page.
// Usage: node test/bench/baselines/static-server.mjs <dir> <port>; prints "listening" when ready.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const [dir, port] = process.argv.slice(2);
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml' };

const server = createServer(async (req, res) => {
  const path = normalize(new URL(req.url, 'http://localhost').pathname).replace(/^(\.\.[/\\])+/, '');
  const file = path === '/' || path === '/index' ? 'index.html' : path;
  try {
    const body = await readFile(join(dir, file));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
