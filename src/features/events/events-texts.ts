/** The Events screen's texts (docs/product.md#events-screen; the fetch failure is ours: the spec names none). */
export const eventsTexts = {
  selectCategory: 'Please select a category from the header to view events.',
  noEvents: (category: string) => `No events available for ${category}.`,
  /** The empty grid's button, and its spinner while the events are generated. */
  generateButton: { generate: 'Generate Events', regenerate: 'Regenerate Events', generating: 'Generating events' },
  fetchFailed: 'Failed to fetch events. Please try again.',
} as const;
