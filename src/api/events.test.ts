import { describe, expect, it } from 'vitest';
import { eventsList, generateEventsFailedText } from './events';

describe('event pages', () => {
  it('knows the next offset, and when every event is loaded', () => {
    const page = (n: number, total: number) => ({ events: Array.from({ length: n }, () => ({}) as never), total });
    expect(eventsList.nextOffset([])).toBe(0);
    expect(eventsList.nextOffset([page(100, 250)])).toBe(100);
    expect(eventsList.nextOffset([page(100, 250), page(100, 250), page(50, 250)])).toBeUndefined();
  });

  it("reads a failed generation as 'Failed to generate events: ' plus the message (docs/product.md#messages-and-errors)", () => {
    expect(generateEventsFailedText(new Error('Network down'))).toBe('Failed to generate events: Network down');
    expect(generateEventsFailedText('???')).toBe('Failed to generate events: Unknown error');
  });
});
