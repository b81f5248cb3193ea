import { describe, expect, it } from 'vitest';
import { formatCount, formatHistoryTime } from './history-format';

describe('history formatting', () => {
  it('shows times in UTC, en-US, with the month abbreviated', () => {
    expect(formatHistoryTime('2026-03-04T15:07:00.000Z')).toBe('Mar 4, 2026, 3:07 PM UTC');
    expect(formatHistoryTime('2025-12-31T23:59:59.000+02:00')).toBe('Dec 31, 2025, 9:59 PM UTC');
  });

  it('keeps a text that is not a time as it is', () => {
    expect(formatHistoryTime('not a date')).toBe('not a date');
  });

  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
