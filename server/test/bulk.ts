import { expect } from 'vitest';
import { bulkExclusionAnswer, type BulkExclusionAnswer } from '../../contract/bulk-exclusions';
import type { UndoAnswer } from '../../contract/exclusion-changes';
import type { ErrorAnswer } from '../../contract/http';
import type { Database } from '../db/client';
import { databaseDigest, type CatalogueCall } from './catalogue';

/**
 * The calls of the bulk exclusion tests (brands and models): a bulk action that must succeed, the undo of a change,
 * and a refusal that must change nothing.
 */
export function bulkCalls(call: () => CatalogueCall, path: string, db: () => Database) {
  const bulk = async (body: unknown) => {
    const res = await call()<BulkExclusionAnswer>('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(bulkExclusionAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };
  const undo = (changeId: number) => call()<UndoAnswer>('POST', `/api/exclusion-changes/${changeId}/undo`);
  const refused = async (body: unknown, status: number, message: RegExp) => {
    const before = await databaseDigest(db());
    const res = await call()<ErrorAnswer>('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await databaseDigest(db())).toBe(before);
  };
  return { bulk, undo, refused };
}
