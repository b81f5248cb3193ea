import { afterEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

afterEach(() => useToastStore.getState().clear());

describe('toast API', () => {
  it('queues errors and successes with their kind', () => {
    toast.error('Failed to fetch tokens. Please try again.');
    toast.success('Payment method added successfully!');
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.text, t.open])).toEqual([
      ['error', 'Failed to fetch tokens. Please try again.', true],
      ['success', 'Payment method added successfully!', true],
    ]);
    expect(useToastStore.getState().used).toBe(true);
  });

  it('does not stack the same open message twice', () => {
    const first = toast.error('Failed to fetch exclusions.');
    const second = toast.error('Failed to fetch exclusions.');
    expect(second).toBe(first);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    toast.dismiss(first);
    toast.error('Failed to fetch exclusions.');
    expect(useToastStore.getState().toasts.filter((t) => t.open)).toHaveLength(1);
  });

  it('keeps only the latest few', () => {
    for (let i = 0; i < 10; i++) toast.success(`Saved ${i}`);
    const texts = useToastStore.getState().toasts.map((t) => t.text);
    expect(texts).toEqual(['Saved 6', 'Saved 7', 'Saved 8', 'Saved 9']);
  });
});
