import { describe, expect, it } from 'vitest';
import { joinTags, yesNo } from './format';

describe('equipment exclusion cells', () => {
  it('shows flags as Yes/No', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });

  it('joins tags with commas', () => {
    expect(joinTags(['drill', 'cordless', '18V'])).toBe('drill, cordless, 18V');
    expect(joinTags([])).toBe('');
  });
});
