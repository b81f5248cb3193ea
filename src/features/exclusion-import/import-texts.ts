import { exclusionImportFile, type ExclusionImportKind, type ImportLine } from '../../../contract/exclusion-import';

/** The import dialog's texts. */
export const importTexts = {
  open: 'Import CSV',
  title: 'Import exclusions from a CSV file',
  fileLabel: 'CSV file',
  hint: exclusionImportFile.headerHint,
  reading: 'Reading the file…',
  applying: 'Excluding…',
  cancel: 'Cancel',
  readFailed: 'The file could not be read. Try again.',
  applyFailed: 'The exclusions could not be imported. Nothing was changed. Try again.',
  tooLarge: `The file is larger than ${exclusionImportFile.maxBytes / (1024 * 1024)} MB: split it into smaller files.`,
  listsLabel: "The file's lines",
} as const;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const thing = (kind: ExclusionImportKind, n: number) => count(n, kind === 'brands' ? 'brand' : 'model');

export function excludeLabel(kind: ExclusionImportKind, n: number): string {
  return n === 0 ? 'Nothing to exclude' : `Exclude ${thing(kind, n)}`;
}

/** The headings of the preview's lists, with their totals. */
export const listTitles = {
  matched: (kind: ExclusionImportKind, total: number) =>
    `${count(total, 'line')} to exclude (${kind === 'brands' ? 'one brand each' : 'every model of that name'})`,
  several: (total: number) => `${count(total, 'line')} skipped: several brands have that name (add a subcategory column to choose)`,
  none: (kind: ExclusionImportKind, total: number) =>
    `${count(total, 'line')} skipped: no ${kind === 'brands' ? 'brand' : 'model'} has that name`,
  already: (total: number) => `${count(total, 'line')} already excluded`,
} as const;

export const previewSummary = (kind: ExclusionImportKind, rows: number, duplicates: number) =>
  `The file lists ${kind} (${count(rows, 'row')}${duplicates > 0 ? `, of which ${count(duplicates, 'repeats an earlier row', 'repeat earlier rows')}` : ''}).`;

/** What a line names: the brand (and model), in the subcategory it gives. */
export function lineLabel(line: ImportLine): string {
  const name = line.model === null ? line.brand : `${line.brand} - ${line.model}`;
  return line.subcategory === null ? name : `${name} (in ${line.subcategory})`;
}

/** Where its matches are: each brand's or model's subcategory and category. */
export function matchesLabel(line: ImportLine): string {
  const places = line.matches.map((m) => `${m.subcategory}, ${m.category}`);
  const more = line.match_count - line.matches.length;
  return `${places.join('; ')}${more > 0 ? `; and ${more.toLocaleString('en-US')} more` : ''}`;
}

export const moreLines = (n: number) => `…and ${count(n, 'more line')}.`;
