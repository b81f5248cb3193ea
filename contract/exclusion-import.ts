import { z } from 'zod';
import { endpoint } from './endpoint';
import { exclusionChangeAnswer } from './exclusion-changes';
import { errorAnswer } from './http';
import { realtimeEvents } from './realtime';

/**
 * Importing exclusions (extension, docs/decisions/0009-importing-exclusions.md): a CSV file of brand names, or of brand and model pairs, sent as the
 * request body (`Content-Type: text/csv`), previewed and then applied. The file's header says what it lists: `brand`
 * (brands) or `brand,model` (models), with an optional `subcategory` column to pick among brands or models that share
 * a name. docs/decisions/0009-importing-exclusions.md says why it works this way.
 */
export const exclusionImportFile = {
  contentType: 'text/csv',
  /** The largest file taken, in bytes: a bigger one is answered 413. */
  maxBytes: 2 * 1024 * 1024,
  /** The most rows (besides the header) taken: more are answered 422. */
  maxRows: 50_000,
  /** The longest name a cell may hold (the catalogue's names are at most 255 characters). */
  maxCellLength: 255,
  /** The header's columns, case-insensitive. */
  columns: ['brand', 'model', 'subcategory'] as const,
  /** The note the import dialog shows. */
  headerHint:
    'The first line names the columns: brand (to exclude brands) or brand,model (to exclude models), optionally with subcategory.',
} as const;

export const exclusionImportKinds = ['brands', 'models'] as const;
export type ExclusionImportKind = (typeof exclusionImportKinds)[number];

/** How many of each list the preview answers (the counts are always whole). */
export const previewListLimit = 200;
/** How many catalogue rows one line's entry lists (its `match_count` counts them all). */
export const previewMatchLimit = 10;

/** A brand or model the line names, as the catalogue has it. */
export const importMatch = z.object({
  /** The brand's id (brands) or the model's (models). */
  id: z.number().int(),
  brand: z.string(),
  model: z.string().nullable(),
  subcategory: z.string(),
  category: z.string(),
  excluded: z.boolean(),
});
export type ImportMatch = z.infer<typeof importMatch>;

/** One line of the file and what it names in the catalogue. */
export const importLine = z.object({
  /** Its line number in the file (the header is line 1). */
  line: z.number().int(),
  brand: z.string(),
  model: z.string().nullable(),
  subcategory: z.string().nullable(),
  matches: z.array(importMatch),
  /** How many rows it names in all (`matches` holds the first few). */
  match_count: z.number().int(),
});
export type ImportLine = z.infer<typeof importLine>;

/** The lines of one class: how many, and the first `previewListLimit` of them. */
export const importLines = z.object({ total: z.number().int(), lines: z.array(importLine) });
export type ImportLines = z.infer<typeof importLines>;

export const exclusionImportPreview = z.object({
  kind: z.enum(exclusionImportKinds),
  /** The file's rows (lines but the header and blank lines). */
  rows: z.number().int(),
  /** Rows that repeat an earlier row (same names, whatever their case): read once. */
  duplicates: z.number().int(),
  /** Lines that name what will be excluded: one brand, or models of which some are not excluded yet. */
  matched: importLines,
  /** Brand lines whose name several brands share, with no subcategory (or one that does not tell them apart). */
  several: importLines,
  /** Lines that name nothing in the catalogue. */
  none: importLines,
  /** Lines whose brand or models are all excluded already. */
  already: importLines,
  /** How many brands or models applying the file would exclude now. */
  to_exclude: z.number().int(),
});
export type ExclusionImportPreview = z.infer<typeof exclusionImportPreview>;

export const exclusionImportOutcome = z.object({
  kind: z.enum(exclusionImportKinds),
  /** Brands or models excluded by this import. */
  excluded: z.number().int(),
  /** Lines whose brand or models were excluded already. */
  already_excluded: z.number().int(),
  /** Lines skipped because several brands have their name. */
  skipped_several: z.number().int(),
  /** Lines skipped because nothing has their name. */
  skipped_none: z.number().int(),
  duplicates: z.number().int(),
  /** The outcome in one sentence, for a toast. */
  message: z.string(),
  /** The import as one exclusion change, to undo it whole (null when it excluded nothing). */
  undo: exclusionChangeAnswer.shape.undo,
});
export type ExclusionImportOutcome = z.infer<typeof exclusionImportOutcome>;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The outcome's sentence: what was excluded, then each reason a line changed nothing. */
export function exclusionImportMessage(outcome: Omit<ExclusionImportOutcome, 'message' | 'undo'>): string {
  const what = outcome.kind === 'brands' ? 'brand' : 'model';
  const parts = [`${plural(outcome.excluded, what)} excluded`];
  if (outcome.already_excluded > 0) parts.push(`${plural(outcome.already_excluded, 'line')} already excluded`);
  if (outcome.skipped_several > 0) parts.push(`${plural(outcome.skipped_several, 'line')} skipped: several brands have that name`);
  if (outcome.skipped_none > 0) parts.push(`${plural(outcome.skipped_none, 'line')} skipped: no ${what} has that name`);
  return `${parts.join('; ')}.`;
}

/** Answers a refused file may get besides the common ones (401, 422). */
const fileRefusals = { 413: errorAnswer, 415: errorAnswer, 422: errorAnswer } as const;

export const exclusionImportApi = {
  preview: endpoint({
    name: 'exclusionImport.preview',
    method: 'POST',
    path: '/api/exclusions/import/preview',
    summary: 'Reads a CSV file of brands or of brand and model pairs (text/csv body) and says what each line matches; changes nothing.',
    answer: exclusionImportPreview,
    otherAnswers: fileRefusals,
  }),
  apply: endpoint({
    name: 'exclusionImport.apply',
    method: 'POST',
    path: '/api/exclusions/import',
    summary: 'Excludes what the lines of a CSV file (text/csv body) match, in one transaction, and counts what it did.',
    answer: exclusionImportOutcome,
    otherAnswers: fileRefusals,
    announces: [realtimeEvents.updateBrand, realtimeEvents.statusesChanged],
  }),
} as const;
