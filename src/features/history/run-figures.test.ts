import { describe, expect, it } from 'vitest';
import { aiModelText, runFiguresText } from './run-figures';

describe('what a run gave, in words', () => {
  it('tells every figure in the order of docs/product.md#review, counts grouped', () => {
    expect(
      runFiguresText({ proposed: 1200, added: 8, skipped_duplicates: 3, dropped_invalid: 1, accepted: 5, rejected: 0, unreviewed: 3 }),
    ).toBe('1,200 proposed · 8 added · 3 skipped as duplicates · 1 dropped as invalid · 5 accepted · 0 rejected · 3 new');
  });

  it('names the AI model, with its prompt version when known, and nothing for a run that does not say', () => {
    expect(aiModelText('gpt-4.1-mini', 'v3')).toBe('AI model: gpt-4.1-mini (prompts v3)');
    expect(aiModelText('demo', null)).toBe('AI model: demo');
    expect(aiModelText(null, 'v3')).toBeNull();
  });
});
