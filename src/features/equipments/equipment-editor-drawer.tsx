import { Dialog } from 'radix-ui';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Category } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import { equipmentSaveFailedText, equipmentUpdateFailedText, useUpdateEquipment } from '../../api/equipments';
import { errorAnswerOf, httpStatus, serverMessage } from '../../api/http';
import { ConfirmDialog } from '../../ui/dialog';
import { subcategoryChoices, toDraft, withCategory, withSubcategory, type EquipmentDraft } from './equipment-draft';
import { checkDraft, fieldErrorsOf, type DraftField, type FieldErrors } from './equipment-validation';

/**
 * The equipment row editor (docs/product.md#equipment-details-dialog, docs/product.md#editing-an-equipment-row, docs/product.md#editing-an-equipment-row) as a modal
 * side sheet on the right, over the details grid: every field of the row, Save and Cancel.
 *
 * - It opens with the focus on its first field (Brand) and gives it back to the row's Actions button on close.
 * - Changing the category reloads the subcategory choices; changing the subcategory fills the SEO title
 *   (equipment-draft.ts); a polite status line says so.
 * - Save checks the draft with the server's own rules first (equipment-validation.ts): a field at fault is marked
 *   and named in the drawer's alert, and nothing is sent. A refusal from the server (4xx) shows the same way; any
 *   other failure shows 'Failed to update equipment. Please try again.'. The drawer stays open with the draft.
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
  onSaved: (saved: Equipment) => void;
  onClose: () => void;
}) {
  const update = useUpdateEquipment();
  const [base] = useState(() => toDraft(row));
  const [draft, setDraft] = useState(base);
  const [yearUnreadable, setYearUnreadable] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The server's reason for a refusal that names no field. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [autofilled, setAutofilled] = useState('');
  const [confirming, setConfirming] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  /** The field last focused (a click outside may have moved the focus off it by the time the drawer asks). */
  const lastField = useRef<HTMLElement | null>(null);
  /** Where the focus goes when the unsaved-changes question closes: back into the drawer, or out with it. */
  const confirmFocus = useRef<HTMLElement | null>(null);
  const ids = useId();
  const saving = update.isPending;

  const dirty = yearUnreadable || (Object.keys(base) as DraftField[]).some((field) => base[field] !== draft[field]);
  const fieldIds = (field: DraftField) => ({ input: `${ids}-${field}`, error: `${ids}-${field}-error`, hint: `${ids}-${field}-hint` });

  const change = (next: (current: EquipmentDraft) => EquipmentDraft) => setDraft((current) => next(current));
  const changeText =
    (field: 'brand' | 'model' | 'specifications' | 'description' | 'tags' | 'seo_title' | 'seo_description') => (value: string) =>
      change((d) => ({ ...d, [field]: value }));

  const changePlace = (next: EquipmentDraft) => {
    if (next.seo_title !== draft.seo_title) setAutofilled(`SEO Title filled in: ${next.seo_title}`);
    setDraft(next);
  };

  const focusFirstInvalid = (found: FieldErrors) => {
    const first = Object.keys(found)[0] as DraftField | undefined;
    if (first) document.getElementById(fieldIds(first).input)?.focus();
  };

  const save = () => {
    if (saving) return;
    setFailed(false);
    setRefusal(null);
    const check = checkDraft(row.id, draft, { yearUnreadable });
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstInvalid(check.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { body: check.body, previousSubcategoryId: row.subcategory_id },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => {
          const status = httpStatus(error);
          if (status !== undefined && status >= 400 && status < 500) {
            const found = fieldErrorsOf(errorAnswerOf(error)?.errors);
            setErrors(found);
            setRefusal(Object.keys(found).length > 0 ? null : (serverMessage(error) ?? ''));
            focusFirstInvalid(found);
          } else {
            setFailed(true);
          }
        },
      },
    );
  };

  /** Escape, the close button, a click outside: ask first when something changed. */
  const requestClose = () => {
    if (saving) return;
    if (!dirty) {
      onClose();
      return;
    }
    confirmFocus.current = lastField.current?.isConnected ? lastField.current : firstField.current;
    setConfirming(true);
  };

  const problems = Object.entries(errors) as [DraftField, string][];
  const showProblem = problems.length > 0 || refusal !== null;

  const field = (name: DraftField) => {
    const { input, error, hint } = fieldIds(name);
    const message = errors[name];
    return {
      id: input,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': [message ? error : '', hints[name] ? hint : ''].filter(Boolean).join(' ') || undefined,
    } as const;
  };
  const fieldMessages = (name: DraftField): ReactNode => {
    const { error, hint } = fieldIds(name);
    return (
      <>
        {hints[name] ? (
          <p id={hint} className="equipment-drawer__hint">
            {hints[name]}
          </p>
        ) : null}
        {errors[name] ? (
          <p id={error} className="equipment-drawer__error">
            {errors[name]}
          </p>
        ) : null}
      </>
    );
  };
  const label = (name: DraftField) => (
    <label className="field__label" htmlFor={fieldIds(name).input}>
      {labels[name]}
    </label>
  );
  const textField = (name: 'brand' | 'model' | 'tags' | 'seo_title', ref?: RefObject<HTMLInputElement | null>) => (
    <div className="field">
      {label(name)}
      <input
        ref={ref}
        type="text"
        className="input equipment-drawer__input"
        {...field(name)}
        value={draft[name]}
        readOnly={saving}
        onChange={(event) => changeText(name)(event.target.value)}
      />
      {fieldMessages(name)}
    </div>
  );
  const textArea = (name: 'specifications' | 'description' | 'seo_description') => (
    <div className="field equipment-drawer__wide">
      {label(name)}
      <textarea
        rows={3}
        className="input equipment-drawer__input"
        {...field(name)}
        value={draft[name]}
        readOnly={saving}
        onChange={(event) => changeText(name)(event.target.value)}
      />
      {fieldMessages(name)}
    </div>
  );
  const flag = (name: 'is_manufactured' | 'is_brand_still_manufactured') => (
    <div className="equipment-drawer__flag">
      <input
        type="checkbox"
        {...field(name)}
        checked={draft[name]}
        disabled={saving}
        onChange={(event) => {
          const checked = event.target.checked;
          change((d) => ({ ...d, [name]: checked }));
        }}
      />
      {label(name)}
    </div>
  );

  const choices = subcategoryChoices(draft, categories);
  const title = `Edit ${row.brand} ${row.model}`;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay equipment-drawer__overlay" />
        <Dialog.Content
          className="equipment-drawer"
          aria-describedby={`${ids}-description`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            firstField.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <header className="dialog__header equipment-drawer__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <Dialog.Description id={`${ids}-description`} className="dialog__description">
            {row.category} / {row.subcategory}
          </Dialog.Description>
          <form
            id={`${ids}-form`}
            className="equipment-drawer__form"
            noValidate
            onFocus={(event) => {
              lastField.current = event.target;
            }}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            {textField('brand', firstField)}
            {textField('model')}
            <div className="field">
              {label('category_id')}
              <select
                className="input equipment-drawer__input"
                {...field('category_id')}
                value={draft.category_id}
                disabled={saving}
                onChange={(event) => changePlace(withCategory(draft, Number(event.target.value), categories))}
              >
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
              {fieldMessages('category_id')}
            </div>
            <div className="field">
              {label('subcategory_id')}
              <select
                className="input equipment-drawer__input"
                {...field('subcategory_id')}
                value={draft.subcategory_id ?? ''}
                disabled={saving || choices.length === 0}
                onChange={(event) => changePlace(withSubcategory(draft, Number(event.target.value), categories))}
              >
                {choices.length === 0 ? <option value="">No subcategories available</option> : null}
                {choices.map((subcategory) => (
                  <option key={subcategory.id} value={subcategory.id}>
                    {subcategory.name}
                  </option>
                ))}
              </select>
              {fieldMessages('subcategory_id')}
            </div>
            <div className="field">
              {label('year')}
              <input
                type="number"
                inputMode="numeric"
                min={1800}
                max={2100}
                step={1}
                className="input equipment-drawer__input"
                {...field('year')}
                value={draft.year}
                readOnly={saving}
                onChange={(event) => {
                  const { value, validity } = event.target;
                  setYearUnreadable(validity.badInput);
                  change((d) => ({ ...d, year: value }));
                }}
              />
              {fieldMessages('year')}
            </div>
            {textField('tags')}
            {textArea('specifications')}
            {textArea('description')}
            <fieldset className="equipment-drawer__flags equipment-drawer__wide">
              <legend className="field__label">Production</legend>
              {flag('is_manufactured')}
              {flag('is_brand_still_manufactured')}
            </fieldset>
            <div className="equipment-drawer__wide">{textField('seo_title')}</div>
            {textArea('seo_description')}
            <p role="status" className="sr-only">
              {autofilled}
            </p>
          </form>
          <footer className="equipment-drawer__footer">
            {showProblem ? (
              <div role="alert" className="form-error equipment-drawer__problem">
                <p>{equipmentSaveFailedText}</p>
                {refusal ? <p className="equipment-drawer__detail">{refusal}</p> : null}
                {problems.length > 0 ? (
                  <ul className="equipment-drawer__detail">
                    {problems.map(([name, message]) => (
                      <li key={name}>
                        {labels[name]}: {message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            {failed ? (
              <p role="alert" className="form-error equipment-drawer__problem">
                {equipmentUpdateFailedText}
              </p>
            ) : null}
            <div className="equipment-drawer__buttons">
              <button type="button" className="btn btn--secondary" disabled={saving} onClick={onClose}>
                Cancel
              </button>
              <button type="submit" form={`${ids}-form`} className="btn btn--primary" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </button>
            </div>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard unsaved changes?"
        description={`Your changes to ${row.brand} ${row.model} have not been saved.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          confirmFocus.current = returnFocusTo();
          onClose();
        }}
        returnFocusTo={confirmFocus}
      />
    </Dialog.Root>
  );
}

const labels: Record<DraftField, string> = {
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  category_id: 'Category',
  subcategory_id: 'Subcategory',
  specifications: 'Specifications',
  description: 'Description',
  tags: 'Tags',
  is_manufactured: 'Manufactured',
  is_brand_still_manufactured: 'Brand Active',
  seo_title: 'SEO Title',
  seo_description: 'SEO Description',
};

const hints: Partial<Record<DraftField, string>> = {
  tags: 'Separate tags with commas.',
  seo_title: 'Filled in from the brand and the subcategory when the subcategory changes.',
};
