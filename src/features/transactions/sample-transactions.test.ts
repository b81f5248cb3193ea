import { describe, expect, it } from 'vitest';
import { filterSample, formatTokenAmount, sampleTransactions } from './sample-transactions';

describe('the transactions mock-up', () => {
  it('has ten sample rows of the three types', () => {
    expect(sampleTransactions).toHaveLength(10);
    expect(new Set(sampleTransactions.map((t) => t.type))).toEqual(new Set(['deposit', 'withdrawal', 'transfer']));
  });
  it('filters the sample by type and day', () => {
    expect(filterSample(sampleTransactions, '', 'all')).toHaveLength(10);
    expect(filterSample(sampleTransactions, '', 'deposit').every((t) => t.type === 'deposit')).toBe(true);
    expect(filterSample(sampleTransactions, '2026-03-08', 'all').map((t) => t.id)).toEqual([4]);
    expect(filterSample(sampleTransactions, '2026-03-08', 'deposit')).toEqual([]);
  });
  it('signs token amounts', () => {
    expect(formatTokenAmount(1_000_000)).toBe('+1,000,000');
    expect(formatTokenAmount(-18_400)).toBe('-18,400');
  });
});
