import { useSelector } from '@tanstack/react-form';
import { useState, type RefObject } from 'react';
import type { Category } from '../../../contract/categories';
import { subcategoryChoices, withCategory, withSubcategory, type EquipmentDraft } from './equipment-draft';
import { draftFieldLabels as labels } from './equipment-validation';
import type { EquipmentForm } from './use-equipment-form';

/** docs/product.md#editing-an-equipment-row: Year is a number input, in the server's range. */
const yearInput = { type: 'number', inputMode: 'numeric', min: 1800, max: 2100, step: 1 } as const;

/** Text that is not a number reads as '' in a number input: Save must not take it for "no year" (equipment-validation.ts). */
function noteYearReadable(form: EquipmentForm, input: HTMLInputElement) {
  form.setFieldValue('yearUnreadable', input.validity.badInput, { dontUpdateMeta: true });
}

interface FieldsProps {
  form: EquipmentForm;
  categories: readonly Category[];
  /** While a save runs the fields are read-only (the choices disabled). */
  saving: boolean;
}

/** The row's twelve fields in two columns (docs/product.md#editing-an-equipment-row), each a `Field` of src/ui/field.tsx. */
export function EquipmentEditorFields({
  form,
  categories,
  saving,
  firstField,
}: FieldsProps & { firstField: RefObject<HTMLInputElement | null> }) {
  return (
    <>
      <form.AppField name="brand">{(field) => <field.TextField label={labels.brand} ref={firstField} readOnly={saving} />}</form.AppField>
      <form.AppField name="model">{(field) => <field.TextField label={labels.model} readOnly={saving} />}</form.AppField>
      <PlaceFields form={form} categories={categories} saving={saving} />
      <form.AppField name="year">
        {(field) => (
          <field.TextField
            label={labels.year}
            {...yearInput}
            readOnly={saving}
            onChange={(event) => noteYearReadable(form, event.target)}
          />
        )}
      </form.AppField>
      <form.AppField name="tags">
        {(field) => <field.TextField label={labels.tags} description="Separate tags with commas." readOnly={saving} />}
      </form.AppField>
      <form.AppField name="specifications">
        {(field) => <field.TextAreaField label={labels.specifications} className="equipment-drawer__wide" readOnly={saving} />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={labels.description} className="equipment-drawer__wide" readOnly={saving} />}
      </form.AppField>
      <fieldset className="equipment-drawer__flags equipment-drawer__wide">
        <legend className="field__label">Production</legend>
        <form.AppField name="is_manufactured">
          {(field) => <field.CheckboxField label={labels.is_manufactured} disabled={saving} />}
        </form.AppField>
        <form.AppField name="is_brand_still_manufactured">
          {(field) => <field.CheckboxField label={labels.is_brand_still_manufactured} disabled={saving} />}
        </form.AppField>
      </fieldset>
      <form.AppField name="seo_title">
        {(field) => (
          <field.TextField
            label={labels.seo_title}
            description="Filled in from the brand and the subcategory when the subcategory changes."
            className="equipment-drawer__wide"
            readOnly={saving}
          />
        )}
      </form.AppField>
      <form.AppField name="seo_description">
        {(field) => <field.TextAreaField label={labels.seo_description} className="equipment-drawer__wide" readOnly={saving} />}
      </form.AppField>
    </>
  );
}

/**
 * Category and Subcategory: a new category reloads the subcategory choices and a new subcategory fills the SEO title
 * (equipment-draft.ts), which a polite status line says.
 */
function PlaceFields({ form, categories, saving }: FieldsProps) {
  const [filled, setFilled] = useState('');
  const categoryId = useSelector(form.store, (state) => state.values.category_id);
  const choices = subcategoryChoices({ category_id: categoryId }, categories);
  const place = (next: EquipmentDraft) => {
    if (next.seo_title !== form.state.values.seo_title) setFilled(`SEO Title filled in: ${next.seo_title}`);
    form.setFieldValue('category_id', next.category_id);
    form.setFieldValue('subcategory_id', next.subcategory_id);
    form.setFieldValue('seo_title', next.seo_title);
  };
  return (
    <>
      <form.AppField name="category_id">
        {(field) => (
          <field.IdSelectField
            label={labels.category_id}
            options={categories}
            disabled={saving}
            onChoose={(id) => place(withCategory(form.state.values, id, categories))}
          />
        )}
      </form.AppField>
      <form.AppField name="subcategory_id">
        {(field) => (
          <field.IdSelectField
            label={labels.subcategory_id}
            options={choices}
            noOptionsText="No subcategories available"
            disabled={saving || choices.length === 0}
            onChoose={(id) => place(withSubcategory(form.state.values, id, categories))}
          />
        )}
      </form.AppField>
      <p role="status" className="sr-only">
        {filled}
      </p>
    </>
  );
}
