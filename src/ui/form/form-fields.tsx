import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from '../field';
import { errorTexts } from './field-errors';
import { useFieldContext } from './form-context';

/** What a field shows around its control (src/ui/field.tsx). */
interface FieldFrame {
  label: ReactNode;
  description?: ReactNode;
  /** The field's own class beside `field` (its place in the form's layout). */
  className?: string;
  /** Its errors are an alert: where no other alert of the form says them. */
  announce?: boolean;
}

/**
 * What the field wires itself: the control's id, name, value and error state. No blur reaches the field: the app's
 * forms judge their fields on submit, and TanStack Form would clear a field's message when it loses the focus.
 */
type Wired = 'id' | 'name' | 'value' | 'defaultValue' | 'checked' | 'className' | 'aria-invalid' | 'aria-describedby' | 'onChange';

/** The field of the `AppField` around, its frame (label, description, errors) and the props left for the control. */
function useFrame<T, P extends FieldFrame>({ label, description, className, announce, ...control }: P) {
  const field = useFieldContext<T>();
  const frame = { label, description, className, announce, errors: errorTexts(field.state.meta.errors) };
  return { field, frame, control, value: { className: 'input', name: field.name, value: field.state.value } };
}

/** A text input (or email, password, number: `type`); `onChange` runs after the field took the value. */
export function TextField({ onChange, ...props }: FieldFrame & Omit<ComponentPropsWithRef<'input'>, Exclude<Wired, 'onChange'>>) {
  const { field, frame, control, value } = useFrame<string, typeof props>(props);
  return (
    <Field {...frame}>
      {(wired) => (
        <input
          type="text"
          {...control}
          {...wired}
          {...value}
          onChange={(event) => {
            field.handleChange(event.target.value);
            onChange?.(event);
          }}
        />
      )}
    </Field>
  );
}

export function TextAreaField(props: FieldFrame & Omit<ComponentPropsWithRef<'textarea'>, Wired>) {
  const { field, frame, control, value } = useFrame<string, typeof props>(props);
  return (
    <Field {...frame}>
      {(wired) => <textarea rows={3} {...control} {...wired} {...value} onChange={(event) => field.handleChange(event.target.value)} />}
    </Field>
  );
}

/**
 * A choice among named rows, by id. Without rows it shows `noOptionsText` (the value "", which no id (null) selects).
 * `onChoose`, when given, takes the chosen id instead of the field (a choice that moves other fields with it).
 */
export function IdSelectField({
  options,
  noOptionsText,
  onChoose,
  ...props
}: FieldFrame &
  Omit<ComponentPropsWithRef<'select'>, Wired | 'children'> & {
    options: readonly { id: number; name: string }[];
    noOptionsText?: string;
    onChoose?: (id: number) => void;
  }) {
  const { field, frame, control, value } = useFrame<number | null, typeof props>(props);
  const choose = (id: number) => (onChoose ? onChoose(id) : field.handleChange(id));
  return (
    <Field {...frame}>
      {(wired) => (
        <select {...control} {...wired} {...value} value={value.value ?? ''} onChange={(event) => choose(Number(event.target.value))}>
          {options.length === 0 && noOptionsText ? <option value="">{noOptionsText}</option> : null}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField(props: FieldFrame & Omit<ComponentPropsWithRef<'input'>, Wired | 'type'>) {
  const { field, frame, control } = useFrame<boolean, typeof props>(props);
  return (
    <Field {...frame} check>
      {(wired) => (
        <input
          {...control}
          {...wired}
          type="checkbox"
          name={field.name}
          checked={field.state.value}
          onChange={(event) => field.handleChange(event.target.checked)}
        />
      )}
    </Field>
  );
}
