import { useSelector } from '@tanstack/react-form';
import { useId, useRef, useState, type RefObject } from 'react';
import type { Category } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import { equipmentSaveFailedText, equipmentUpdateFailedText } from '../../api/equipments';
import { Button } from '../../ui/button';
import { ConfirmDialog, Sheet } from '../../ui/dialog';
import { errorTexts, focusFirstInvalid, submitHandler } from '../../ui/form/field-errors';
import { EquipmentEditorFields } from './equipment-editor-fields';
import { draftFieldLabels, draftFields } from './equipment-validation';
import { useEquipmentForm, type EquipmentForm, type SaveFailure } from './use-equipment-form';

/**
 * The equipment row editor (docs/product.md#equipment-details-dialog, docs/product.md#editing-an-equipment-row): a
 * side sheet over the details grid with every field of the row, Save and Cancel.
 *
 * - It opens with the focus on its first field (Brand) and gives it back to the row's Actions button on close.
 * - Save refuses a draft the server would refuse, at its fields and in the drawer's alert, and sends nothing; a
 *   refusal from the server shows the same way (use-equipment-form.ts). The focus goes to the first field at fault.
 * - Escape, the close button or a click outside ask before discarding changes; Cancel discards them
 *   (docs/product.md#editing-an-equipment-row: Cancel closes unchanged).
 */
export function EquipmentEditorDrawer({
  row,
  categories,
  returnFocusTo,
  onSaved,
  onClose,
}: {
  /** The row as it was when Edit was chosen. */
  row: Equipment;
  categories: readonly Category[];
  /** Where the focus goes when the drawer closes (the row's Actions button), read at that moment. */
  returnFocusTo: () => HTMLElement | null;
  /** `accept`: "Save and accept" was chosen (a model not reviewed yet, docs/product.md#review-queue). */
  onSaved: (saved: Equipment, accept: boolean) => void;
  onClose: () => void;
}) {
  const formElement = useRef<HTMLFormElement>(null);
  const acceptAfterSave = useRef(false);
  const { form, failure, clearFailure, changed } = useEquipmentForm(row, {
    onSaved: (saved) => onSaved(saved, acceptAfterSave.current),
    onInvalid: () => focusFirstInvalid(formElement.current),
  });
  const saving = useSelector(form.store, (state) => state.isSubmitting);
  const firstField = useRef<HTMLInputElement>(null);
  const closing = useCloseRequest({ changed, blocked: saving, firstField, onClose });
  const formId = useId();

  return (
    <>
      <Sheet
        open
        onOpenChange={(open) => !open && closing.request()}
        title={`Edit ${row.brand} ${row.model}`}
        description={`${row.category} / ${row.subcategory}`}
        className="equipment-drawer"
        initialFocus={firstField}
        returnFocusTo={{
          get current() {
            return returnFocusTo();
          },
        }}
        footer={
          <EditorFooter
            form={form}
            failure={failure}
            saving={saving}
            formId={formId}
            onCancel={onClose}
            acceptRef={row.review?.state === 'unreviewed' ? acceptAfterSave : null}
          />
        }
      >
        <form
          id={formId}
          ref={formElement}
          className="equipment-drawer__form"
          noValidate
          onFocus={(event) => closing.focused(event.target)}
          onSubmit={submitHandler(form, clearFailure)}
        >
          <EquipmentEditorFields form={form} categories={categories} saving={saving} firstField={firstField} />
        </form>
      </Sheet>
      <ConfirmDialog
        open={closing.confirming}
        onOpenChange={closing.setConfirming}
        title="Discard unsaved changes?"
        description={`Your changes to ${row.brand} ${row.model} have not been saved.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          closing.leaveFocusTo(returnFocusTo());
          onClose();
        }}
        returnFocusTo={closing.confirmFocus}
      />
    </>
  );
}

/** Escape, the close button, a click outside: the drawer closes at once when nothing changed, else asks first. */
function useCloseRequest({
  changed,
  blocked,
  firstField,
  onClose,
}: {
  changed: () => boolean;
  /** While a save runs the drawer stays. */
  blocked: boolean;
  firstField: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  /** The field last focused (a click outside may have moved the focus off it by the time the drawer asks). */
  const lastField = useRef<HTMLElement | null>(null);
  /** Where the focus goes when the unsaved-changes question closes: back into the drawer, or out with it. */
  const confirmFocus = useRef<HTMLElement | null>(null);
  const request = () => {
    if (blocked) return;
    if (!changed()) {
      onClose();
      return;
    }
    confirmFocus.current = lastField.current?.isConnected ? lastField.current : firstField.current;
    setConfirming(true);
  };
  return {
    request,
    confirming,
    setConfirming,
    confirmFocus,
    focused: (element: HTMLElement) => {
      lastField.current = element;
    },
    /** Discarding: the question gives the focus to where the drawer gives it. */
    leaveFocusTo: (element: HTMLElement | null) => {
      confirmFocus.current = element;
    },
  };
}

/** The fields at fault and what the server said, above Cancel and Save. */
function EditorFooter({
  form,
  failure,
  saving,
  formId,
  onCancel,
  acceptRef,
}: {
  form: EquipmentForm;
  failure: SaveFailure;
  saving: boolean;
  formId: string;
  onCancel: () => void;
  /** For a model not reviewed yet: set when the save was "Save and accept". */
  acceptRef: RefObject<boolean> | null;
}) {
  const problems = useSelector(
    form.store,
    (state) =>
      draftFields.flatMap((field) => errorTexts(state.fieldMeta[field]?.errors ?? []).map((text) => `${draftFieldLabels[field]}: ${text}`)),
    { compare: (a, b) => a.join('\n') === b.join('\n') },
  );
  const refusal = failure !== null && failure !== 'failed' ? failure.refusal : null;
  return (
    <>
      {problems.length > 0 || refusal !== null ? (
        <div role="alert" className="form-error equipment-drawer__problem">
          <p>{equipmentSaveFailedText}</p>
          {refusal ? <p className="equipment-drawer__detail">{refusal}</p> : null}
          {problems.length > 0 ? (
            <ul className="equipment-drawer__detail">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {failure === 'failed' ? (
        <p role="alert" className="form-error equipment-drawer__problem">
          {equipmentUpdateFailedText}
        </p>
      ) : null}
      <Button disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
      {acceptRef ? (
        <Button type="submit" form={formId} disabled={saving} onClick={() => (acceptRef.current = false)}>
          Save
        </Button>
      ) : null}
      <Button
        type="submit"
        form={formId}
        variant="primary"
        pending={saving}
        pendingLabel="Saving..."
        onClick={acceptRef ? () => (acceptRef.current = true) : undefined}
      >
        {acceptRef ? 'Save and accept' : 'Save'}
      </Button>
    </>
  );
}
