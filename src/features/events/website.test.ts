import { describe, expect, it } from 'vitest';
import { safeWebsiteUrl, websiteLabel } from './website';

describe('safeWebsiteUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeWebsiteUrl('https://expo.example.com/2026')).toBe('https://expo.example.com/2026');
    expect(safeWebsiteUrl(' http://example.com ')).toBe('http://example.com/');
  });
  it('reads a bare host as https', () => {
    expect(safeWebsiteUrl('example.com/expo')).toBe('https://example.com/expo');
  });
  it('refuses every other scheme and non-addresses', () => {
    expect(safeWebsiteUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebsiteUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeWebsiteUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeWebsiteUrl('ftp://example.com')).toBeNull();
    expect(safeWebsiteUrl('to be announced')).toBeNull();
    expect(safeWebsiteUrl('')).toBeNull();
    expect(safeWebsiteUrl(null)).toBeNull();
  });
});

describe('websiteLabel', () => {
  it('drops the scheme and a trailing slash', () => {
    expect(websiteLabel('https://example.com/')).toBe('example.com');
    expect(websiteLabel('http://example.com/expo')).toBe('example.com/expo');
  });
});
