import { FieldApi, FormApi, type AnyFormApi } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorTexts, setFieldErrors, submitForm, submitHandler } from './field-errors';

interface Values {
  name: string;
  tags: string;
}

type Submit = (values: Values, form: AnyFormApi) => unknown;

/** A form of two mounted fields, as `useAppForm` makes it, without React; `onSubmit` stands for the call. */
function makeForm(onSubmit: Submit, validators?: { onSubmit?: (input: { value: Values }) => unknown }) {
  const defaultValues: Values = { name: 'Drones', tags: 'air' };
  const form = new FormApi({
    defaultValues,
    validators,
    onSubmit: ({ value, formApi }) => onSubmit(value, formApi),
    onSubmitMeta: undefined as unknown,
  });
  form.mount();
  const name = new FieldApi({ form, name: 'name' });
  const tags = new FieldApi({ form, name: 'tags' });
  name.mount();
  tags.mount();
  const errors = (field: 'name' | 'tags') => errorTexts(form.getFieldMeta(field)?.errors ?? []);
  return { form, name, tags, errors };
}

/** The server's answer to the first submit: a refusal naming these fields; later submits are accepted. */
function refusingOnce(messages: Record<string, string | undefined>) {
  let calls = 0;
  const sent = vi.fn<Submit>((_values, form) => {
    calls += 1;
    if (calls === 1) setFieldErrors(form, messages);
  });
  return sent;
}

describe('errorTexts: what a field shows of its errors', () => {
  it('reads texts and Standard Schema issues, once each, without blanks', () => {
    expect(errorTexts(['The name is required.', { message: 'Too long.', path: ['name'] }, 'The name is required.', '', undefined])).toEqual(
      ['The name is required.', 'Too long.'],
    );
  });
});

describe("setFieldErrors: a refusal on a TanStack form's fields", () => {
  it('shows each message on its field, leaves out a name the form has no field of, and makes the form invalid', async () => {
    const { form, errors } = makeForm(
      refusingOnce({ name: 'A category named "Drones" already exists.', year: 'Unknown.', tags: undefined }),
    );
    await form.handleSubmit();
    expect(errors('name')).toEqual(['A category named "Drones" already exists.']);
    expect(errors('tags')).toEqual([]);
    expect(form.getFieldMeta('year' as 'name')).toBeUndefined();
    expect(form.state.isFieldsValid).toBe(false);
  });

  it('stays while other fields are edited, goes when its own field is, and the next submit sends', async () => {
    const sent = refusingOnce({ name: 'Taken.', tags: 'Too long.' });
    const { form, name, tags, errors } = makeForm(sent);
    await form.handleSubmit();
    tags.handleChange('land');
    expect(errors('tags')).toEqual([]);
    expect(errors('name')).toEqual(['Taken.']);
    name.handleChange('Drones 2');
    expect(errors('name')).toEqual([]);

    await submitForm(form);
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent).toHaveBeenLastCalledWith({ name: 'Drones 2', tags: 'land' }, form);
  });

  it("is judged again by the next submit, beside the form's own submit check", async () => {
    const sent = refusingOnce({ name: 'Taken.' });
    const { form, tags, errors } = makeForm(sent, {
      onSubmit: ({ value }) => (value.tags === '' ? { fields: { tags: 'Separate tags with commas.' } } : undefined),
    });
    await form.handleSubmit();
    tags.handleChange('');
    await submitForm(form);
    expect(errors('name')).toEqual([]);
    expect(errors('tags')).toEqual(['Separate tags with commas.']);
    expect(sent).toHaveBeenCalledTimes(1);
  });
});

describe('submitForm: every submit judges afresh', () => {
  it('sends again when the operator submits a refused form unchanged', async () => {
    const sent = refusingOnce({ name: 'Taken.' });
    const { form, errors } = makeForm(sent);
    await submitForm(form);
    expect(errors('name')).toEqual(['Taken.']);
    await submitForm(form);
    expect(sent).toHaveBeenCalledTimes(2);
    expect(errors('name')).toEqual([]);
  });
});

describe('submitHandler: a form element submits once at a time', () => {
  it('ignores a second submit while the first runs, and runs the next one after', async () => {
    let finish!: () => void;
    const sent = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { form } = makeForm(sent);
    const cleared = vi.fn();
    const submit = submitHandler(form, cleared);
    const event = () => ({ preventDefault: vi.fn(), stopPropagation: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;

    const first = event();
    submit(first);
    submit(event());
    expect(first.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(cleared).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(form.state.isSubmitting).toBe(false));

    submit(event());
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    finish();
  });
});
