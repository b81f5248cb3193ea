import { errorAnswerOf, httpStatus, serverMessage } from './http';

/** One message per field of a form: what shows under the field (docs/decisions/0022-forms-on-tanstack-form.md). */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * A refusal's `errors` (contract/http.ts `errorAnswer`) by the fields of a form: a nested path belongs to its field
 * (`tags.2` is `tags`'s), a field the form does not have is left out, and a field keeps its first message.
 */
export function fieldErrorsOf<F extends string>(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  fields: readonly F[],
): FieldMessages<F> {
  const known: ReadonlySet<string> = new Set(fields);
  const found: FieldMessages<F> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split('.')[0] as F;
    const message = messages.find((text) => text.trim() !== '');
    if (known.has(field) && message !== undefined) found[field] ??= message;
  }
  return found;
}

/** A call the server refused (a 4xx: the operator's to fix), as a form reads it. */
export interface FormRefusal<F extends string> {
  status: number;
  /** The form's fields the answer names (a 422's `errors`, a sibling's name taken), with their message. */
  fields: FieldMessages<F>;
  /** The server's own text (absent from an empty answer): what a form shows when no field of its is named. */
  message: string | undefined;
}

/**
 * What a failed call says to a form with these fields: a refusal (4xx) with the fields it names; undefined for a
 * failure that is not the operator's (the network, a 5xx), which the form reports in its own words.
 */
export function formRefusalOf<F extends string>(error: unknown, fields: readonly F[]): FormRefusal<F> | undefined {
  const status = httpStatus(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  return { status, fields: fieldErrorsOf(errorAnswerOf(error)?.errors, fields), message: serverMessage(error) };
}
