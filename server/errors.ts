/** An error the API answers as `{ message }` with its status; anything else is a 500 with a generic text. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const unprocessable = (field: string, text: string) => new HttpError(422, text, { [field]: [text] });
export const conflict = (text: string) => new HttpError(409, text);
