import { useId, useRef, useState, type ChangeEvent } from 'react';
import { exclusionImportFile } from '../../../contract/exclusion-import';
import { useApplyExclusionImport, usePreviewExclusionImport } from '../../api/exclusion-import';
import { errorMessage } from '../../api/http';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { useExclusionToast } from '../exclusion-undo';
import { ImportPreview } from './import-preview';
import { excludeLabel, importTexts } from './import-texts';
import './exclusion-import.css';

/**
 * "Import CSV" on the exclusion screens (docs/decisions/0009-importing-exclusions.md): choosing a file sends it for a preview at once (nothing
 * changes); "Exclude N" sends the same file to be applied, once (the button is held from the first click until the
 * server answers); the outcome is a toast, a refusal stays in the dialog. The focus returns to the button on close.
 */
export function ImportExclusionsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{importTexts.open}</Button>
      {open ? <ImportExclusionsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The chosen file, its preview, and applying it: `applying` (and a ref, read synchronously) from the first click on
 * Exclude until the server answers; `error` is what went wrong, if anything.
 */
function useExclusionImport(onClose: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = usePreviewExclusionImport();
  const apply = useApplyExclusionImport();
  const exclusionToast = useExclusionToast();
  const applyingRef = useRef(false);
  const [applying, setApplying] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    apply.reset();
    preview.reset();
    const large = chosen !== null && chosen.size > exclusionImportFile.maxBytes;
    setTooLarge(large);
    if (chosen !== null && !large) preview.mutate(chosen);
  };

  const exclude = () => {
    if (applyingRef.current || file === null) return;
    applyingRef.current = true;
    setApplying(true);
    apply
      .mutateAsync(file)
      .then((outcome) => {
        // The whole import is one change: Undo takes it back (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md).
        exclusionToast(outcome.message, outcome.undo);
        onClose();
      })
      .catch(() => undefined)
      .finally(() => {
        applyingRef.current = false;
        setApplying(false);
      });
  };

  const error = tooLarge
    ? importTexts.tooLarge
    : preview.isError
      ? errorMessage(preview.error, importTexts.readFailed)
      : apply.isError
        ? errorMessage(apply.error, importTexts.applyFailed)
        : null;
  return { choose, exclude, applying, applyingRef, error, preview };
}

function ImportExclusionsDialog({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const { choose, exclude, applying, applyingRef, error, preview } = useExclusionImport(onClose);
  const answer = preview.data;

  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next && !applyingRef.current) onClose();
      }}
      title={importTexts.title}
      size="lg"
      footer={
        <>
          <Button onClick={onClose} disabled={applying}>
            {importTexts.cancel}
          </Button>
          {answer ? (
            <Button
              variant="primary"
              onClick={exclude}
              pending={applying}
              pendingLabel={importTexts.applying}
              disabled={answer.to_exclude === 0}
            >
              {excludeLabel(answer.kind, answer.to_exclude)}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="form">
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {importTexts.fileLabel}
          </label>
          <input
            id={inputId}
            className="input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            onChange={choose}
            disabled={applying}
          />
          <p id={hintId} className="import-dialog__hint">
            {importTexts.hint}
          </p>
        </div>
        {preview.isPending ? (
          <p role="status" className="import-dialog__status">
            {importTexts.reading}
          </p>
        ) : null}
        {error !== null ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {answer && !preview.isPending ? <ImportPreview preview={answer} /> : null}
      </div>
    </Modal>
  );
}
