import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a return first) is written with a
 * leading apostrophe: a catalogue name from a provider must not run in the operator's spreadsheet (OWASP "CSV
 * injection"). Numbers are written as numbers.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as a row source gives it: text (made inert), a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/** How a grid's rows are written: per column id, its cell. */
export type CsvCells<Row, Id extends string> = Readonly<Record<Id, (row: Row) => CsvValue>>;

function csvCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? value : inertText(value);
}

/**
 * Rows as CSV (RFC 4180: CRLF line ends, quotes where needed; UTF-8 with a byte order mark so that spreadsheets read
 * the names right): a header row, then the rows a batch at a time as they are read, so that memory stays one batch
 * whatever the row count. `columns` are the ids to write, in order; `headers` name them.
 */
export function csvStream<Row, Id extends string>(options: {
  headers: Readonly<Record<Id, string>>;
  cells: CsvCells<Row, Id>;
  columns: readonly Id[];
  batches: AsyncIterable<readonly Row[]>;
}): Readable {
  const { headers, cells, columns, batches } = options;
  async function* lines(): AsyncGenerator<string> {
    yield stringify([columns.map((id) => headers[id])], { bom: true, record_delimiter: 'windows' });
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield stringify(
        batch.map((row) => columns.map((id) => csvCell(cells[id](row)))),
        { record_delimiter: 'windows' },
      );
    }
  }
  return Readable.from(lines());
}

/** The `Content-Disposition` of a download: `{name}-{YYYY-MM-DD}.csv`, the name reduced to safe characters. */
export function csvAttachment(name: string): string {
  const day = new Date().toISOString().slice(0, 10);
  const safe =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export';
  return `attachment; filename="${safe}-${day}.csv"`;
}
