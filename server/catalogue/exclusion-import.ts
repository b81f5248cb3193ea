import { sql } from 'drizzle-orm';
import {
  exclusionImportMessage,
  previewListLimit,
  previewMatchLimit,
  type ExclusionImportKind,
  type ExclusionImportOutcome,
  type ExclusionImportPreview,
  type ImportLine,
  type ImportMatch,
} from '../../contract/exclusion-import';
import type { Database, Executor } from '../db/client';
import { brandUpdated, equipmentsChanged, type Notifier } from '../notify/notifier';
import type { ImportFile, ImportRow } from './exclusion-import-file';
import { recordExclusionChange } from './exclusion-journal';
import { insertExclusions } from './exclusion-rows';

/**
 * Importing exclusions from a file (docs/decisions/0009-importing-exclusions.md): each distinct line is matched
 * against the catalogue by name, case-insensitively (a brand by its name, a model by its brand and model names, both
 * narrowed to a subcategory when the line names one), and classed:
 *
 * - brands: one brand -> matched (or already, when it is excluded); several brands -> several, skipped; none -> none.
 * - models: every model of that brand and model name is meant (as the by-name removal does) -> matched while one of
 *   them is not excluded yet, else already; none -> none.
 *
 * The preview only reads. Applying classes the lines again inside its transaction (the catalogue may have changed
 * since the preview) and excludes what matched in one go (`excludeImported`).
 */

interface Candidate extends ImportMatch {
  line: number;
  subcategoryId: number;
}

type LineClass = 'matched' | 'several' | 'none' | 'already';

interface Classified {
  kind: ExclusionImportKind;
  rows: number;
  duplicates: number;
  lines: Record<LineClass, ImportLine[]>;
  /** What applying would exclude: the ids not excluded yet, each with its subcategory (for the realtime events). */
  toExclude: Map<number, number>;
}

/** The first row of each name (whatever its case), and how many rows repeated one before them. */
function distinctRows(rows: ImportRow[]): { distinct: ImportRow[]; duplicates: number } {
  const seen = new Set<string>();
  const distinct = rows.filter((row) => {
    const key = JSON.stringify([row.brand, row.model, row.subcategory].map((name) => name?.toLowerCase() ?? null));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { distinct, duplicates: rows.length - distinct.length };
}

/** Every catalogue row the lines name, in one query; `lock` keeps them from being deleted until the transaction ends. */
async function candidates(db: Executor, kind: ExclusionImportKind, rows: ImportRow[], lock: boolean): Promise<Candidate[]> {
  const lines = JSON.stringify(rows.map((row) => ({ line: row.line, brand: row.brand, model: row.model, subcategory: row.subcategory })));
  const query =
    kind === 'brands'
      ? sql`select f.line, b.id, b.name as brand, null::text as model, s.id as subcategory_id, s.name as subcategory,
               c.name as category, (x.brand_id is not null) as excluded
            from jsonb_to_recordset(${lines}::jsonb) as f(line int, brand text, subcategory text)
            join brands b on lower(b.name) = lower(f.brand)
            join subcategories s on s.id = b.subcategory_id and (f.subcategory is null or lower(s.name) = lower(f.subcategory))
            join categories c on c.id = s.category_id
            left join brand_exclusions x on x.brand_id = b.id
            order by f.line, b.id
            ${lock ? sql`for share of b` : sql``}`
      : sql`select f.line, e.id, e.brand, e.model, s.id as subcategory_id, s.name as subcategory,
               c.name as category, (x.equipment_id is not null) as excluded
            from jsonb_to_recordset(${lines}::jsonb) as f(line int, brand text, model text, subcategory text)
            join equipments e on lower(e.brand) = lower(f.brand) and lower(e.model) = lower(f.model)
            join subcategories s on s.id = e.subcategory_id and (f.subcategory is null or lower(s.name) = lower(f.subcategory))
            join categories c on c.id = s.category_id
            left join equipment_exclusions x on x.equipment_id = e.id
            order by f.line, e.id
            ${lock ? sql`for share of e` : sql``}`;
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    line: Number(row.line),
    id: Number(row.id),
    brand: String(row.brand),
    model: row.model === null ? null : String(row.model),
    subcategoryId: Number(row.subcategory_id),
    subcategory: String(row.subcategory),
    category: String(row.category),
    excluded: row.excluded === true,
  }));
}

function classOf(kind: ExclusionImportKind, matches: Candidate[]): LineClass {
  if (matches.length === 0) return 'none';
  if (kind === 'brands' && matches.length > 1) return 'several';
  return matches.every((match) => match.excluded) ? 'already' : 'matched';
}

async function classify(db: Executor, file: ImportFile, lock: boolean): Promise<Classified> {
  const { distinct, duplicates } = distinctRows(file.rows);
  const byLine = new Map<number, Candidate[]>();
  for (const candidate of await candidates(db, file.kind, distinct, lock)) {
    const list = byLine.get(candidate.line) ?? [];
    list.push(candidate);
    byLine.set(candidate.line, list);
  }
  const lines: Classified['lines'] = { matched: [], several: [], none: [], already: [] };
  const toExclude = new Map<number, number>();
  for (const row of distinct) {
    const matches = byLine.get(row.line) ?? [];
    const lineClass = classOf(file.kind, matches);
    if (lineClass === 'matched') for (const match of matches) if (!match.excluded) toExclude.set(match.id, match.subcategoryId);
    lines[lineClass].push({
      line: row.line,
      brand: row.brand,
      model: row.model,
      subcategory: row.subcategory,
      matches: matches
        .slice(0, previewMatchLimit)
        .map(({ id, brand, model, subcategory, category, excluded }) => ({ id, brand, model, subcategory, category, excluded })),
      match_count: matches.length,
    });
  }
  return { kind: file.kind, rows: file.rows.length, duplicates, lines, toExclude };
}

const capped = (lines: ImportLine[]) => ({ total: lines.length, lines: lines.slice(0, previewListLimit) });

/** POST /api/exclusions/import/preview: what each line of the file matches; changes nothing. */
export async function previewExclusionImport(db: Executor, file: ImportFile): Promise<ExclusionImportPreview> {
  const classified = await classify(db, file, false);
  return {
    kind: classified.kind,
    rows: classified.rows,
    duplicates: classified.duplicates,
    matched: capped(classified.lines.matched),
    several: capped(classified.lines.several),
    none: capped(classified.lines.none),
    already: capped(classified.lines.already),
    to_exclude: classified.toExclude.size,
  };
}

/** Rows a single insert takes (two parameters each, well under PostgreSQL's 65,535). */
const insertBatch = 5_000;

/**
 * The one step that changes the catalogue: excludes these brands or models (ids) in the caller's transaction, and
 * answers those it excluded now (an id excluded meanwhile is left as it is). An undo journal records its changes here.
 */
export async function excludeImported(tx: Executor, kind: ExclusionImportKind, ids: readonly number[], userId: number): Promise<number[]> {
  const excluded: number[] = [];
  for (let start = 0; start < ids.length; start += insertBatch) {
    const batch = ids.slice(start, start + insertBatch).map((id) => ({ id, createdBy: userId }));
    excluded.push(...(await insertExclusions(tx, kind === 'brands' ? 'brand' : 'equipment', batch)));
  }
  return excluded;
}

/** Up to this many excluded brands are announced one by one (`updatebrand`, as a single exclusion is); more by subcategory. */
const brandEventsLimit = 20;

/** Tells every screen what the import excluded, once it is stored: a few events, however many rows it excluded. */
function announce(notifier: Notifier, kind: ExclusionImportKind, excluded: number[], subcategoryOf: Map<number, number>): void {
  if (excluded.length === 0) return;
  if (kind === 'brands' && excluded.length <= brandEventsLimit) {
    for (const id of excluded) brandUpdated(notifier, id);
    return;
  }
  equipmentsChanged(
    notifier,
    excluded.map((id) => subcategoryOf.get(id) ?? 0).filter((id) => id > 0),
  );
}

/** What the journal calls an import that excluded one row: its name ("Genelec", "Volvo CE - EC220E"). */
function changeLabel(classified: Classified, excluded: number[]): string {
  const [only] = excluded;
  const match = classified.lines.matched.flatMap((line) => line.matches).find((m) => m.id === only);
  if (excluded.length !== 1 || !match) return classified.kind === 'brands' ? 'the imported brands' : 'the imported models';
  return match.model === null ? match.brand : `${match.brand} - ${match.model}`;
}

/** POST /api/exclusions/import: excludes what the lines match, in one transaction, and counts what happened. */
export async function applyExclusionImport(
  db: Database,
  notifier: Notifier,
  input: { file: ImportFile; userId: number },
): Promise<ExclusionImportOutcome> {
  const { classified, excluded, undo } = await db.transaction(async (tx) => {
    const classified = await classify(tx, input.file, true);
    const excluded = await excludeImported(tx, classified.kind, [...classified.toExclude.keys()], input.userId);
    // One change in the journal, so the whole import can be undone at once (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md).
    const undo = await recordExclusionChange(tx, {
      userId: input.userId,
      label: changeLabel(classified, excluded),
      rows: excluded.map((id) => ({ kind: classified.kind === 'brands' ? 'brand' : 'equipment', id, excluded: true })),
    });
    return { classified, excluded, undo };
  });
  announce(notifier, classified.kind, excluded, classified.toExclude);
  const counts = {
    kind: classified.kind,
    excluded: excluded.length,
    already_excluded: classified.lines.already.length,
    skipped_several: classified.lines.several.length,
    skipped_none: classified.lines.none.length,
    duplicates: classified.duplicates,
  };
  return { ...counts, message: exclusionImportMessage(counts), undo };
}
