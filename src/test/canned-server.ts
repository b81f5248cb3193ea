import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedAnswer {
  status?: number;
  /** A value to send as JSON, or raw text with `raw: true`. */
  body?: unknown;
  raw?: boolean;
  contentType?: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 (random port) answering canned bodies per "METHOD /path", so the real ky client
 * and the real parsing run against real HTTP. `seen` records every request.
 */
export async function startCannedServer() {
  const answers = new Map<string, CannedAnswer>();
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      seen.push({ method: req.method ?? 'GET', url, headers: req.headers, body });
      const path = new URL(url, 'http://x').pathname;
      const answer = answers.get(`${req.method} ${path}`) ?? { status: 404, body: { message: 'Not found.' } };
      const status = answer.status ?? 200;
      const send = () => {
        if (answer.body === undefined) {
          res.writeHead(status, answer.headers).end();
          return;
        }
        const text = answer.raw ? String(answer.body) : JSON.stringify(answer.body);
        res
          .writeHead(status, { 'Content-Type': answer.contentType ?? (answer.raw ? 'text/html' : 'application/json'), ...answer.headers })
          .end(text);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer(route: string, answer: CannedAnswer) {
      answers.set(route, answer);
    },
    reset() {
      answers.clear();
      seen.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
