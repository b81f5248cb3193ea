import { describe, expect, it } from 'vitest';
import { nextOpenMenu } from './use-exclusive-menus';

describe('one header dropdown open at a time', () => {
  it('opening a menu makes it the open one, whatever was open', () => {
    expect(nextOpenMenu(null, 'category', true)).toBe('category');
    expect(nextOpenMenu('account', 'category', true)).toBe('category');
  });

  it('closing the open menu leaves none open', () => {
    expect(nextOpenMenu('category', 'category', false)).toBeNull();
  });

  it('a late close of the previous menu does not close the one just opened', () => {
    // Pressing the account trigger while the category menu is open: "account opens" then "category closes".
    const afterOpen = nextOpenMenu('category', 'account', true);
    expect(nextOpenMenu(afterOpen, 'category', false)).toBe('account');
  });
});
