/** Manufactured and Brand Active columns (SPEC 2). */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

/** Tags are shown joined by commas (SPEC 2). */
export function joinTags(tags: readonly string[]): string {
  return tags.join(', ');
}
