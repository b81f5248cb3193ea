import { createFormHook } from '@tanstack/react-form';
import { fieldContext, formContext } from './form-context';
import { CheckboxField, IdSelectField, TextAreaField, TextField } from './form-fields';

/**
 * The app's forms (docs/decisions/0022-forms-on-tanstack-form.md): TanStack Form's `useForm`, whose `AppField`
 * hands its field the controls below, each a labelled `Field` (src/ui/field.tsx) wired to the field's value, blur
 * and errors: `<form.AppField name="brand">{(field) => <field.TextField label="Brand" />}</form.AppField>`.
 */
export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, IdSelectField, CheckboxField },
  formComponents: {},
});
