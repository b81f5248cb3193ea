import { afterEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

afterEach(() => useToastStore.getState().clear());

describe('toast API', () => {
  it('shows the latest outcome only: a new toast closes the ones open before it', () => {
    toast.success('Category updated successfully!');
    toast.error('Failed to update category. Please try again.');
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.text, t.open])).toEqual([
      ['success', 'Category updated successfully!', false],
      ['error', 'Failed to update category. Please try again.', true],
    ]);
    expect(useToastStore.getState().used).toBe(true);
  });

  it('counts a repeat of the open text (its timer restarts) and closes the others', () => {
    const first = toast.error('Failed to fetch exclusions.');
    toast.success('Saved');
    expect(toast.success('Saved')).not.toBe(first);
    const again = toast.error('Failed to fetch exclusions.');
    const open = useToastStore.getState().toasts.filter((t) => t.open);
    expect(open.map((t) => [t.id, t.text])).toEqual([[again, 'Failed to fetch exclusions.']]);
    const saved = useToastStore.getState().toasts.find((t) => t.text === 'Saved');
    expect(saved?.open).toBe(false);
    toast.error('Failed to fetch exclusions.');
    expect(useToastStore.getState().toasts.find((t) => t.id === again)?.repeats).toBe(1);
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
    expect(
      useToastStore
        .getState()
        .toasts.filter((t) => t.open)
        .map((t) => t.text),
    ).toEqual(['Saved 9']);
  });
});

describe('a toast with an action (Undo)', () => {
  const undo = (run: () => void) => ({ label: 'Undo', altText: 'Undo the exclusion', run });

  it('offers the action, runs it once however often it is chosen, and marks it used', () => {
    let runs = 0;
    const id = toast.success(
      'Genelec added to the exclusion list.',
      undo(() => (runs += 1)),
    );
    expect(useToastStore.getState().toasts.find((t) => t.id === id)?.action).toMatchObject({
      label: 'Undo',
      altText: 'Undo the exclusion',
      used: false,
    });
    useToastStore.getState().runAction(id);
    useToastStore.getState().runAction(id);
    expect(runs).toBe(1);
    expect(useToastStore.getState().toasts.find((t) => t.id === id)?.action?.used).toBe(true);
  });

  it('is never merged with an open toast of the same text: each outcome keeps its own action', () => {
    const runs: string[] = [];
    const first = toast.success(
      'Genelec added to the exclusion list.',
      undo(() => runs.push('first')),
    );
    const second = toast.success(
      'Genelec added to the exclusion list.',
      undo(() => runs.push('second')),
    );
    expect(second).not.toBe(first);
    expect(
      useToastStore
        .getState()
        .toasts.filter((t) => t.open)
        .map((t) => t.id),
    ).toEqual([second]);
    useToastStore.getState().runAction(second);
    expect(runs).toEqual(['second']);
    // A plain toast of that text does not take over the one with the action either.
    expect(toast.success('Genelec added to the exclusion list.')).not.toBe(second);
  });

  it('does nothing for a toast without an action, or one gone', () => {
    const id = toast.success('Saved');
    expect(() => useToastStore.getState().runAction(id)).not.toThrow();
    expect(() => useToastStore.getState().runAction(987)).not.toThrow();
  });
});
