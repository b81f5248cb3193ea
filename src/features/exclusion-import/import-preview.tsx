import { useId } from 'react';
import type { ExclusionImportKind, ExclusionImportPreview, ImportLines } from '../../../contract/exclusion-import';
import { importTexts, lineLabel, listTitles, matchesLabel, moreLines, previewSummary } from './import-texts';

/** One class of lines: its heading with the total, the lines the server sent, and how many more there are. */
function LineList({ title, lines, showMatches }: { title: string; lines: ImportLines; showMatches: boolean }) {
  const headingId = useId();
  if (lines.total === 0) return null;
  return (
    <section className="import-preview__list" aria-labelledby={headingId}>
      <h3 id={headingId} className="import-preview__heading">
        {title}
      </h3>
      <ul>
        {lines.lines.map((line) => (
          <li key={line.line}>
            <span className="import-preview__line">Line {line.line}:</span> {lineLabel(line)}
            {showMatches && line.matches.length > 0 ? <span className="import-preview__matches"> - {matchesLabel(line)}</span> : null}
          </li>
        ))}
      </ul>
      {lines.total > lines.lines.length ? <p className="import-preview__more">{moreLines(lines.total - lines.lines.length)}</p> : null}
    </section>
  );
}

/** What the server read in the file: a summary, then the lines by class, in a box that scrolls (and takes the focus). */
export function ImportPreview({ preview }: { preview: ExclusionImportPreview }) {
  const kind: ExclusionImportKind = preview.kind;
  return (
    <div className="import-preview">
      <p className="import-preview__summary">{previewSummary(kind, preview.rows, preview.duplicates)}</p>
      <div className="import-preview__lists" role="region" aria-label={importTexts.listsLabel} tabIndex={0}>
        <LineList title={listTitles.several(preview.several.total)} lines={preview.several} showMatches />
        <LineList title={listTitles.none(kind, preview.none.total)} lines={preview.none} showMatches={false} />
        <LineList title={listTitles.matched(kind, preview.matched.total)} lines={preview.matched} showMatches />
        <LineList title={listTitles.already(preview.already.total)} lines={preview.already} showMatches={false} />
      </div>
    </div>
  );
}
