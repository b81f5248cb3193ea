import { useId, type ReactNode } from 'react';

/** What a control needs to be its field's: its id (the label's `htmlFor`), and its description and errors wired. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A hint under the control (read with it by assistive technology). */
  description?: ReactNode;
  /** What is wrong with the value, one line each; none: the field is valid. */
  errors?: readonly string[];
  /** A checkbox: the control first, its label beside it. */
  check?: boolean;
  /** The errors are an alert (said as they appear), where no other alert of the form says them. */
  announce?: boolean;
  className?: string;
  /** An id of the caller's (a test or another control points at it); default: a generated one. */
  id?: string;
  /** Renders the control with the props that tie it to the label, the description and the errors. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: label, control, description and error list, the control wired with `aria-describedby` and
 * `aria-invalid` (Epic Stack's `forms.tsx` is the model). Forms build every field of theirs with it.
 */
export function Field({ label, description, errors = [], check = false, announce = false, className, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const descriptionId = `${controlId}-description`;
  const errorsId = `${controlId}-errors`;
  const invalid = errors.length > 0;
  const describedBy = [description ? descriptionId : null, invalid ? errorsId : null].filter(Boolean).join(' ') || undefined;
  const control = children({ id: controlId, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy });
  const errorList = (
    <ul id={errorsId} className="field__errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
  const labelElement = (
    <label className="field__label" htmlFor={controlId}>
      {label}
    </label>
  );
  return (
    <div className={['field', check && 'field--check', className].filter(Boolean).join(' ')}>
      {check ? control : labelElement}
      {check ? labelElement : control}
      {description ? (
        <p id={descriptionId} className="field__description">
          {description}
        </p>
      ) : null}
      {invalid ? announced(announce, errorList) : null}
    </div>
  );
}

/** The errors in an alert (a list keeps its own role: the alert is around it). */
function announced(announce: boolean, errorList: ReactNode) {
  return announce ? <div role="alert">{errorList}</div> : errorList;
}
