import { describe, expect, it } from 'vitest';
import { loginSearch, safeRedirect } from './redirect';

describe('the login return path', () => {
  it('keeps relative paths of this site with their search and hash', () => {
    expect(safeRedirect('/dashboard/events')).toBe('/dashboard/events');
    expect(safeRedirect('/dashboard/brands?page=2#top')).toBe('/dashboard/brands?page=2#top');
    expect(safeRedirect('/')).toBe('/');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without slash', 'dashboard'],
    ['control characters', '/dash\nboard'],
    ['the login page itself', '/login?redirect=/x'],
    ['a non-string', 42],
    ['nothing', undefined],
  ])('drops %s', (_label, value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });

  it('normalises dot segments inside this site', () => {
    expect(safeRedirect('/dashboard/../login')).toBeUndefined();
    expect(safeRedirect('/a/../dashboard/events')).toBe('/dashboard/events');
  });

  it('the route search schema never fails, it drops what is unsafe', () => {
    expect(loginSearch.parse({ redirect: '/dashboard/events' })).toEqual({ redirect: '/dashboard/events' });
    expect(loginSearch.parse({ redirect: 'https://evil.example' })).toEqual({ redirect: undefined });
    expect(loginSearch.parse({})).toEqual({});
  });
});
