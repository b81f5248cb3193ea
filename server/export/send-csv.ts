import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvAttachment } from './csv';

/** Answers a CSV stream as a download named `{name}-{YYYY-MM-DD}.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, csv: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', csvAttachment(name))
    .header('cache-control', 'no-store')
    .send(csv);
}
