import { z } from 'zod/mini';

/** An answer that does not match its contract schema: a server/client mismatch, never retried. */
export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
  constructor(
    readonly where: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected answer from ${where}:\n${z.prettifyError(new z.core.$ZodError(issues))}`);
  }
}

/** Parses `data` with `schema` or throws a MalformedAnswerError naming the call. */
export function parseAnswer<S extends z.core.$ZodType>(schema: S, data: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, data);
  if (!result.success) throw new MalformedAnswerError(where, result.error.issues);
  return result.data;
}
