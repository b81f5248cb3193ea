import { describe, expect, it } from 'vitest';
import { percentile } from './percentile';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('answers the value at rank ceil(p% of n)', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3, 7, 9], 50)).toBe(7);
    expect(percentile([3, 7, 9], 99)).toBe(9);
  });

  it('answers the first value at 0, and NaN for no values', () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([], 99)).toBeNaN();
  });
});
