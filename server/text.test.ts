import { describe, expect, it } from 'vitest';
import { clipText, storableText } from './text';

describe('text from outside', () => {
  it('is cut on character boundaries, never inside a surrogate pair', () => {
    const tag = `${'a'.repeat(63)}😀`;
    expect(tag.length).toBe(65);
    expect(clipText(tag, 64)).toBe(tag);
    expect(clipText(`${tag}b`, 64)).toBe(tag);
    expect(clipText('😀😀😀', 2)).toBe('😀😀');
    expect(clipText('😀😀😀', 2).isWellFormed()).toBe(true);
    expect(clipText('short', 64)).toBe('short');
  });

  it('loses NUL characters and unpaired surrogates', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\ud800y')).toBe('x\ufffdy');
    expect(storableText('ok 😀')).toBe('ok 😀');
  });
});
