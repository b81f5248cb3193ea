import type { AnyFormApi } from '@tanstack/react-form';
import type { FormEvent } from 'react';

/**
 * A field's errors as the lines its `Field` shows: TanStack Form keeps what each validator returned, a text (our
 * validators, a server's refusal) or a Standard Schema issue (a contract schema as validator); repeats are dropped.
 */
export function errorTexts(errors: readonly unknown[]): string[] {
  const texts = errors.map((error) => (typeof error === 'string' ? error : isIssue(error) ? error.message : ''));
  return [...new Set(texts.filter((text) => text.trim() !== ''))];
}

function isIssue(error: unknown): error is { message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/**
 * Puts messages from outside the form's validators (the server's refusal, src/api/field-errors.ts) on its fields.
 * They go where the form's own submit checks put theirs (the `onSubmit` slot) and live as those do: shown until the
 * operator edits that field, and judged afresh by the next submit (`submitForm`). A name the form has no field of is
 * left out. (TanStack Form's `onServer` slot is not cleared by an edit of a field without validators.)
 */
export function setFieldErrors(form: AnyFormApi, messages: Readonly<Record<string, string | undefined>>): void {
  for (const [name, message] of Object.entries(messages)) {
    if (message === undefined) continue;
    form.fieldInfo[name]?.instance?.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }));
  }
}

/**
 * Submits the form, once at a time (a second Enter or click while a submit runs is ignored; TanStack Form would run
 * it). Every submit judges the fields afresh: the last submit's messages, a refusal's too, go first (TanStack Form
 * clears them only on a field's edit, and would refuse to submit while one is left).
 */
export function submitForm(form: AnyFormApi): Promise<void> | undefined {
  if (form.state.isSubmitting) return undefined;
  for (const info of Object.values(form.fieldInfo)) {
    info?.instance?.setMeta((meta) =>
      meta.errorMap.onSubmit === undefined ? meta : { ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined } },
    );
  }
  return form.handleSubmit();
}

/** The `onSubmit` of a `<form>` element: `submitForm`; `beforeSubmit` clears what the form says of the last attempt. */
export function submitHandler(form: AnyFormApi, beforeSubmit?: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (form.state.isSubmitting) return;
    beforeSubmit?.();
    void submitForm(form);
  };
}

/** Moves the focus to the first control marked invalid in `container`, once React has drawn the marks. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
