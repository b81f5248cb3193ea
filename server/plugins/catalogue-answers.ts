import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerCache, type CatalogueSnapshot } from '../catalogue/answer-cache';
import { compressionThreshold } from './compression';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is made of catalogue rows alone, the same for every operator (route.ts `catalogueAnswer`). */
    catalogueAnswer?: boolean;
  }
  interface FastifyRequest {
    /** Where a catalogue answer being built is kept once sent, and who waits for it. */
    catalogueAnswerSlot?: AnswerSlot;
    /** The catalogue's version as this request read it (asked when the request came). */
    catalogueSnapshot?: Promise<CatalogueSnapshot>;
  }
}

interface AnswerSlot {
  key: string;
  snapshot: CatalogueSnapshot;
  /** Hands the answer to the same calls that came while it was built (undefined: they build their own); once. */
  share?: (answer: KeptAnswer | undefined) => void;
}

type Encoding = 'br' | 'gzip';
const encodings: Encoding[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Made once per answer and catalogue version, so a better ratio than the per-request brotli 4 (compression.ts) pays. */
const compressors: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) => brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  gzip: (json) => gzipped(json, { level: 6 }),
};

/** A kept answer: its JSON, and its compressed copies, each made the first time a client asks for it. */
class KeptAnswer {
  private readonly copies = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {}

  /** The answer as `encoding`; `onMade` learns the size of a copy made now (the cache counts it). */
  compressed(encoding: Encoding, onMade: (bytes: number) => void): Promise<Buffer> {
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy = compressors[encoding](this.json).then((bytes) => {
        onMade(bytes.length);
        return bytes;
      });
      copy.catch(() => this.copies.delete(encoding));
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

/** A request's answer key: its endpoint, and its path parameters and query as their schemas parsed them. */
function answerKey(request: FastifyRequest): string {
  return `${request.routeOptions.config.endpoint}|${JSON.stringify(request.params)}|${JSON.stringify(request.query)}`;
}

async function sendKept(request: FastifyRequest, reply: FastifyReply, key: string, kept: KeptAnswer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (kept.json.length < compressionThreshold) return reply.send(kept.json);
  reply.header('vary', 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', encodings);
  if (encoding) {
    const copy = await kept.compressed(encoding, (bytes) => answerCache(request.server.db).grow(key, bytes)).catch(() => undefined);
    if (copy) return reply.header('content-encoding', encoding).send(copy);
  }
  return reply.send(kept.json);
}

/**
 * Whole answers of the catalogue screens' calls (the routes declared with `catalogueAnswer`), kept as the bytes
 * sent and reused while the catalogue's version stands (server/catalogue/answer-cache.ts): a call asked again is
 * answered without a query beyond the version's, nor encoding, nor compressing.
 */
export default fp(
  async (app) => {
    // The answers being built, by version and key: the same call asked meanwhile (many operators on one screen
    // after a change) waits for that one build instead of making its own.
    const building = new Map<string, Promise<KeptAnswer | undefined>>();

    const keptHere = (request: FastifyRequest) => request.routeOptions.config.catalogueAnswer === true && request.method === 'GET';

    // The version is asked as the request comes, beside its token's lookup (the auth plugin's hook, registered after
    // this one): the two reads go out together, and the request waits for one round trip instead of two.
    app.addHook('onRequest', (request, _reply, done) => {
      if (keptHere(request)) {
        const snapshot = answerCache(app.db).snapshot();
        // The preHandler awaits it; a request refused before (401, 422) leaves it unawaited.
        snapshot.catch(() => undefined);
        request.catalogueSnapshot = snapshot;
      }
      done();
    });

    app.addHook('preHandler', async (request, reply) => {
      if (!keptHere(request)) return;
      const cache = answerCache(app.db);
      const key = answerKey(request);
      const snapshot = await (request.catalogueSnapshot ?? cache.snapshot());
      const kept = cache.peek<KeptAnswer>(key);
      if (kept) return sendKept(request, reply, key, kept);

      const flight = `${snapshot.version}|${key}`;
      const underway = building.get(flight);
      if (underway) {
        const shared = await underway;
        if (shared) return sendKept(request, reply, key, shared);
        request.catalogueAnswerSlot = { key, snapshot };
        return;
      }
      let settle!: (answer: KeptAnswer | undefined) => void;
      const promise = new Promise<KeptAnswer | undefined>((resolve) => (settle = resolve));
      building.set(flight, promise);
      request.catalogueAnswerSlot = {
        key,
        snapshot,
        share: (answer) => {
          if (building.get(flight) === promise) building.delete(flight);
          settle(answer);
        },
      };
    });

    // A shared hook, so it runs before the compression plugin's own (a route's hook): it sees the JSON text.
    app.addHook('onSend', async (request, reply, payload) => {
      const slot = request.catalogueAnswerSlot;
      if (slot && reply.statusCode === 200 && typeof payload === 'string') {
        const json = Buffer.from(payload);
        const answer = new KeptAnswer(json);
        const kept = answerCache(app.db).keep(slot.snapshot, slot.key, answer, json.length);
        slot.share?.(kept ? answer : undefined);
      }
      return payload;
    });
    // A build that failed, was refused or lost its client: whoever waits for it builds its own.
    const release = async (request: FastifyRequest) => request.catalogueAnswerSlot?.share?.(undefined);
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  },
  { name: 'catalogue-answers', dependencies: ['database'] },
);
