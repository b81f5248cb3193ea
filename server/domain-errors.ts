/**
 * What a service says went wrong, in the domain's words. Services throw these and never know HTTP; the error
 * handler (server/plugins/error-handler.ts) is the one place that turns each kind into a status and an answer.
 * `message` is written for the operator: it is answered as it is.
 */
export abstract class DomainError extends Error {
  /** Field name -> what is wrong with it, for the answer's `errors` (a 422's fields). */
  readonly fields?: Readonly<Record<string, string[]>>;
}

/** The thing asked for does not exist (or is not the caller's to see). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  constructor(
    readonly what: string,
    message = `${what} not found.`,
  ) {
    super(message);
  }
}

/** The input is well-formed but the catalogue refuses it (a category that does not exist, a brand of another subcategory). */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
  override readonly fields: Readonly<Record<string, string[]>>;
  constructor(field: string, message: string, fieldMessage = message) {
    super(message);
    this.fields = { [field]: [fieldMessage] };
  }
}

/** The change collides with the state of things (a run already under way, a record changed meanwhile). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
}

/** Money stands in the way: the balance does not cover a run, a card was declined, a payment was not completed. */
export class PaymentRequiredError extends DomainError {
  override readonly name = 'PaymentRequiredError';
}

/** A provider outside this server (the AI provider, Stripe) failed; `details` is for the log, never the answer. */
export class ProviderFailedError extends DomainError {
  override readonly name = 'ProviderFailedError';
  constructor(
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** The server cannot do it now: a feature not configured, a process stopping. Trying again later may work. */
export class UnavailableError extends DomainError {
  override readonly name = 'UnavailableError';
}

/** The operator behind the request no longer exists. */
export class UnknownOperatorError extends DomainError {
  override readonly name = 'UnknownOperatorError';
  constructor(readonly userId: number) {
    super('Unauthenticated.');
  }
}
