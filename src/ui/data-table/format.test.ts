import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatUtcDateTime } from './format';

describe('formatUtcDateTime', () => {
  it('shows UTC in en-US: month abbreviation, day, year, hour, minute', () => {
    expect(formatUtcDateTime('2026-10-01T09:30:00Z')).toBe('Oct 1, 2026, 09:30 AM');
    expect(formatUtcDateTime('2026-10-01T21:05:59.999Z')).toBe('Oct 1, 2026, 09:05 PM');
  });
  it('converts an offset time to UTC (the day may change)', () => {
    expect(formatUtcDateTime('2026-10-01T01:30:00+02:00')).toBe('Sep 30, 2026, 11:30 PM');
  });
  it('keeps missing or unreadable values visible', () => {
    expect(formatUtcDateTime(null)).toBe('');
    expect(formatUtcDateTime('soon')).toBe('soon');
  });
});

describe('formatDay', () => {
  it('shows a calendar day without shifting it', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDay(null)).toBe('');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(20000)).toBe('20,000');
  });
});
