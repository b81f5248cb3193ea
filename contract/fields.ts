/**
 * How a 422's `errors` names a field: its path in the body, query or path parameters, dotted (`tags.0` is the first
 * tag); `_` is the input as a whole.
 */
export const fieldName = (path: readonly PropertyKey[]): string => path.map(String).join('.') || '_';
