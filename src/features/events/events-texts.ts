/** The Events screen's texts (docs/product.md#events-screen; the fetch failure is ours: the spec names none). */
export const eventsTexts = {
  selectCategory: 'Please select a category from the header to view events.',
  noEvents: (category: string) => `No events available for ${category}.`,
  generate: 'Generate Events',
  regenerate: 'Regenerate Events',
  fetchFailed: 'Failed to fetch events. Please try again.',
} as const;
