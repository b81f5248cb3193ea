import { CsvError, type Info, parse } from 'csv-parse/sync';
import { exclusionImportFile, type ExclusionImportKind } from '../../contract/exclusion-import';
import { isWellFormedText } from '../../contract/well-formed-text';
import { InvalidInputError } from '../domain-errors';

/**
 * Reads an exclusions CSV file (contract/exclusion-import.ts): strict UTF-8 (a byte-order mark is fine), RFC 4180
 * with commas, a header row naming `brand`, optionally `model` and `subcategory`, then at least one row. A file it
 * cannot read in full is refused as a whole (InvalidInputError, a 422 naming the line), so nothing is half imported.
 */

/** One row of the file: the names it gives, trimmed; `line` is its line number (the header is line 1). */
export interface ImportRow {
  line: number;
  brand: string;
  model: string | null;
  subcategory: string | null;
}

export interface ImportFile {
  kind: ExclusionImportKind;
  rows: ImportRow[];
}

type Column = (typeof exclusionImportFile.columns)[number];

const refuse = (message: string): never => {
  throw new InvalidInputError('file', message);
};

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('The file is not UTF-8 text: save it as "CSV UTF-8" (comma delimited) and try again.');
  }
}

/** The records with the line each ends on; a syntax error is refused with csv-parse's words, which name the line. */
function records(text: string): { line: number; values: string[] }[] {
  try {
    // With `info`, each record comes with where it was read (csv-parse's types leave that option out).
    const parsed = parse(text, {
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // The header, the most rows taken and one more (to tell that there are too many): nothing past it is read.
      to: exclusionImportFile.maxRows + 2,
    }) as unknown as { info: Info; record: string[] }[];
    return parsed.map(({ info, record }) => ({ line: info.lines, values: record }));
  } catch (error) {
    if (error instanceof CsvError) return refuse(`The file is not valid CSV: ${error.message}.`);
    throw error;
  }
}

/** The header's columns, in order; refused unless it names `brand` and only known columns, each once. */
function headerColumns(values: string[]): Column[] {
  const known: readonly string[] = exclusionImportFile.columns;
  const names = values.map((value) => value.trim().toLowerCase());
  for (const [i, name] of names.entries()) {
    if (!known.includes(name)) {
      refuse(`The first line must be the header. ${exclusionImportFile.headerHint} "${values[i]?.trim() ?? ''}" is not a column name.`);
    }
    if (names.indexOf(name) !== i) refuse(`The header names the ${name} column twice.`);
  }
  if (!names.includes('brand')) refuse(`The header has no brand column. ${exclusionImportFile.headerHint}`);
  return names as Column[];
}

/** A cell's name: trimmed, required for brand and model (optional subcategory: empty is none). */
function cell(values: string[], columns: Column[], column: Column, line: number): string | null {
  const index = columns.indexOf(column);
  if (index === -1) return null;
  const value = (values[index] ?? '').trim();
  if (value === '') return column === 'subcategory' ? null : refuse(`Line ${line}: the ${column} is missing.`);
  if (!isWellFormedText(value)) refuse(`Line ${line}: the ${column} holds a NUL character.`);
  if (value.length > exclusionImportFile.maxCellLength) {
    refuse(`Line ${line}: the ${column} is longer than ${exclusionImportFile.maxCellLength} characters.`);
  }
  return value;
}

export function readExclusionImportFile(bytes: Uint8Array): ImportFile {
  const text = decode(bytes);
  if (text.trim() === '') refuse(`The file is empty. ${exclusionImportFile.headerHint}`);
  const [header, ...body] = records(text);
  if (!header) return refuse(`The file is empty. ${exclusionImportFile.headerHint}`);
  const columns = headerColumns(header.values);
  if (body.length === 0) refuse('The file has a header but no rows.');
  if (body.length > exclusionImportFile.maxRows) {
    refuse(`The file has more than ${exclusionImportFile.maxRows.toLocaleString('en-US')} rows: split it into smaller files.`);
  }
  const rows = body.map(({ line, values }) => {
    if (values.length > columns.length) refuse(`Line ${line} has ${values.length} values, but the header names ${columns.length} columns.`);
    return {
      line,
      brand: cell(values, columns, 'brand', line) ?? '',
      model: cell(values, columns, 'model', line),
      subcategory: cell(values, columns, 'subcategory', line),
    };
  });
  return { kind: columns.includes('model') ? 'models' : 'brands', rows };
}
