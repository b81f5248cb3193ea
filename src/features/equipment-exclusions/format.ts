/** Manufactured and Brand Active columns (docs/product.md#equipment-exclusions). */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

/** Tags are shown joined by commas (docs/product.md#equipment-exclusions). */
export function joinTags(tags: readonly string[]): string {
  return tags.join(', ');
}
