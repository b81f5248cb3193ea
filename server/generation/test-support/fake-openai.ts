import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible endpoint on loopback (ARCHITECTURE.md "Tests": only what lies outside this machine is
 * faked, at the network boundary). The real `openai` client talks to it over HTTP: it serves
 * `POST /v1/chat/completions`, records every request it gets (headers and parsed JSON body), and answers from a
 * script: a queue of answers taken one a request, then a fallback answer once the queue is empty.
 */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type FakeAnswer =
  /**
   * A chat completion whose first choice's content is `content` (a string, sent as is); `usage: null` leaves `usage`
   * out; `refusal` is the model's refusal to answer (structured output's `message.refusal`).
   */
  | { kind: 'completion'; content: string | null; usage?: Usage | null; finishReason?: string; refusal?: string | null }
  /** An error answer in the OpenAI shape `{ error: { message, type, code } }`. */
  | { kind: 'error'; status: number; message: string; headers?: Record<string, string> }
  /** Any status and body (a raw answer, for shapes the other kinds do not cover). */
  | { kind: 'raw'; status: number; body: string; headers?: Record<string, string> }
  /** Waits `ms` before answering `then` (or until the client gives up and closes the connection). */
  | { kind: 'delayed'; ms: number; then: FakeAnswer }
  /** Holds the request until the test releases it (`heldAnswer`), then answers `then`. */
  | { kind: 'held'; arrive: () => void; released: Promise<void>; then: FakeAnswer; abandon?: () => void };

/** A completion whose content is the JSON `{ [key]: items }`. */
export function listAnswer(key: string, items: unknown[], usage: Usage = { prompt_tokens: 100, completion_tokens: 200 }): FakeAnswer {
  return { kind: 'completion', content: JSON.stringify({ [key]: items }), usage };
}

export function contentAnswer(
  content: string,
  usage: Usage = { prompt_tokens: 100, completion_tokens: 200 },
  finishReason = 'stop',
): FakeAnswer {
  return { kind: 'completion', content, usage, finishReason };
}

export function errorAnswer(status: number, message: string, headers?: Record<string, string>): FakeAnswer {
  return { kind: 'error', status, message, ...(headers ? { headers } : {}) };
}

export function delayed(ms: number, then: FakeAnswer): FakeAnswer {
  return { kind: 'delayed', ms, then };
}

/** An answer the test lets go of: `arrived` once a request is held by it, `release()` to answer. */
export interface HeldAnswer {
  answer: FakeAnswer;
  arrived: Promise<void>;
  /** The client closed the held request before it was answered (it aborted the call). */
  abandoned: Promise<void>;
  release(): void;
}

/** Keeps a run in flight, waiting on its provider, for exactly as long as the test needs (no clock involved). */
export function heldAnswer(then: FakeAnswer): HeldAnswer {
  let arrive = () => {};
  let release = () => {};
  let abandon = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const abandoned = new Promise<void>((resolve) => (abandon = resolve));
  return { answer: { kind: 'held', arrive, released, then, abandon }, arrived, abandoned, release };
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** The chat completions body the fake expects (what the tests read back). */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  max_tokens?: number;
  temperature?: number;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:PORT/v1`, the client's base URL. */
  baseUrl: string;
  /** Every request received, in order (any path). */
  readonly requests: RecordedRequest[];
  /** Chat completion bodies received, in order. */
  chatBodies(): ChatRequestBody[];
  /** The most requests that were open at once since the last reset. */
  mostAtOnce(): number;
  /** Queues answers, one a request. */
  enqueue(...answers: FakeAnswer[]): void;
  /** The answer once the queue is empty (by default a 500 that says no answer was scripted). */
  always(answer: FakeAnswer): void;
  /**
   * Refuses every request asking for a JSON schema (`response_format.type: 'json_schema'`) with OpenAI's 400 for a
   * model without structured output, before the script is consulted, as an endpoint without it does.
   */
  refuseJsonSchema(refuse?: boolean): void;
  /** Forgets requests, queued answers, the fallback and a refusal of JSON schemas. */
  reset(): void;
  close(): Promise<void>;
}

const unscripted: FakeAnswer = errorAnswer(500, 'The fake OpenAI server has no scripted answer for this request.');

let completionCount = 0;

/** OpenAI's answer to a JSON schema for a model without structured output. */
const jsonSchemaRefusal = JSON.stringify({
  error: {
    message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    type: 'invalid_request_error',
    param: 'response_format',
    code: null,
  },
});

const asksJsonSchema = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as Partial<ChatRequestBody>).response_format?.type === 'json_schema';

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), ...headers });
  res.end(body);
}

function answer(res: ServerResponse, scripted: FakeAnswer, model: string): void {
  switch (scripted.kind) {
    case 'completion': {
      completionCount += 1;
      const usage = scripted.usage === null ? undefined : (scripted.usage ?? { prompt_tokens: 0, completion_tokens: 0 });
      send(
        res,
        200,
        JSON.stringify({
          id: `chatcmpl-fake-${completionCount}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: scripted.content, refusal: scripted.refusal ?? null },
              logprobs: null,
              finish_reason: scripted.finishReason ?? 'stop',
            },
          ],
          ...(usage && { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
        }),
        { 'x-request-id': `req_fake_${completionCount}` },
      );
      return;
    }
    case 'error':
      send(
        res,
        scripted.status,
        JSON.stringify({ error: { message: scripted.message, type: 'fake_error', param: null, code: null } }),
        scripted.headers,
      );
      return;
    case 'raw':
      send(res, scripted.status, scripted.body, scripted.headers);
      return;
    case 'delayed': {
      const timer = setTimeout(() => answer(res, scripted.then, model), scripted.ms);
      // The client gave up (its timeout): nothing more to send.
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case 'held':
      res.once('close', () => {
        if (!res.writableEnded) scripted.abandon?.();
      });
      scripted.arrive();
      void scripted.released.then(() => answer(res, scripted.then, model));
      return;
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let queue: FakeAnswer[] = [];
  let fallback: FakeAnswer = unscripted;
  let schemaRefused = false;
  let open = 0;
  let mostAtOnce = 0;

  const server: Server = createServer((req, res) => {
    open += 1;
    mostAtOnce = Math.max(mostAtOnce, open);
    res.once('close', () => (open -= 1));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // kept as text
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, JSON.stringify({ error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' } }));
        return;
      }
      if (schemaRefused && asksJsonSchema(body)) {
        send(res, 400, jsonSchemaRefusal);
        return;
      }
      const model = typeof body === 'object' && body !== null && 'model' in body ? String((body as { model: unknown }).model) : '';
      answer(res, queue.shift() ?? fallback, model);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatBodies: () => requests.filter((r) => r.url === '/v1/chat/completions').map((r) => r.body as ChatRequestBody),
    mostAtOnce: () => mostAtOnce,
    enqueue: (...answers) => {
      queue.push(...answers);
    },
    always: (scripted) => {
      fallback = scripted;
    },
    refuseJsonSchema: (refuse = true) => {
      schemaRefused = refuse;
    },
    reset: () => {
      schemaRefused = false;
      requests.length = 0;
      mostAtOnce = open;
      queue = [];
      fallback = unscripted;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
