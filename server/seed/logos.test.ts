import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { brandLogoPath, demoBrandLogos } from './demo';

/** docs/product.md#keyboard-focus-and-feedback: every logo address a seed writes is a file the SPA's build serves (public/ is copied into it). */
describe('seeded brand logos', () => {
  const publicDir = path.resolve(import.meta.dirname, '../../public');

  it('exist in public/ for every demo brand', () => {
    const names = demoCatalogue.flatMap((c) => c.subcategories.flatMap((s) => s.brands.map((b) => b.name)));
    expect(names.length).toBeGreaterThan(10);
    expect(demoBrandLogos.length).toBe(new Set(names).size);
    const missing = demoBrandLogos.filter((logo) => !existsSync(path.join(publicDir, logo)));
    expect(missing).toEqual([]);
  });

  it('are SVG addresses under /brand-logos/', () => {
    expect(brandLogoPath('Siemens Healthineers')).toBe('/brand-logos/siemens-healthineers.svg');
    expect(brandLogoPath('Volvo CE')).toBe('/brand-logos/volvo-ce.svg');
  });
});
