// A small static file server for viewer/dist, on localhost only. No dependencies.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // Nothing outside this server: no external scripts, styles, fonts or connections.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/**
 * Starts the server. `port` 0 picks a free port. Resolves to the server and its address
 * ("http://127.0.0.1:8080/").
 */
export function startViewerServer({ root = join(here, 'dist'), port = 8080, host = '127.0.0.1' } = {}) {
  const rootDir = normalize(root + sep);
  const server = createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      pathname = '\0';
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = normalize(join(rootDir, pathname));
    if (pathname.includes('\0') || !file.startsWith(rootDir)) {
      response.writeHead(400, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request\n');
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        ...HEADERS,
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': body.length,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `http://${shown}:${address.port}/` });
    });
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, not ${JSON.stringify(process.env.PORT)}`);
    process.exit(1);
  }
  try {
    const { url } = await startViewerServer({ port });
    console.log(`URL viewer: ${url}`);
  } catch (error) {
    if (error?.code === 'EADDRINUSE' || error?.code === 'EACCES') {
      const why = error.code === 'EADDRINUSE' ? 'is already in use' : 'may not be opened by this user';
      console.error(`URL viewer: port ${port} on 127.0.0.1 ${why}. Choose another with PORT, e.g. PORT=8081 npm run viewer (PORT=0 picks a free port).`);
      process.exit(1);
    }
    throw error;
  }
}
