/**
 * Text from outside (an AI provider's answer, a provider's error) made safe to store: PostgreSQL refuses NUL in
 * text, and jsonb refuses unpaired UTF-16 surrogates, which a careless cut makes out of a pair.
 */

/** Without NUL characters, and with unpaired surrogates replaced by U+FFFD. */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').toWellFormed();
}

/** At most `max` characters (code points, as PostgreSQL counts them), never cutting a surrogate pair in two. */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = 0;
  let count = 0;
  for (const character of value) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return value.slice(0, end);
}
