import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingSlug, imageSize, operatorGuideModule } from './operator-guide-plugin';

const docs = path.resolve(import.meta.dirname, '../../../docs');
const guide = readFileSync(path.join(docs, 'guide.md'), 'utf8');

describe('the operator guide made into a module (docs/guide.md for the Help screen)', () => {
  const { code, images } = operatorGuideModule(guide, docs);
  const html = code.slice(code.indexOf('export default'));

  it("gives every heading the id GitHub gives it, so each of the guide's section links lands on one", () => {
    const ids = new Set([...html.matchAll(/<h[1-6] id=\\"([^\\"]+)\\"/g)].map((match) => match[1]));
    const targets = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(ids, `#${target}`).toContain(target);
    expect(code).toContain('titleId: "using-the-dashboard"');
  });

  it('imports each picture from its file, with its size, so the build serves it as an asset', () => {
    const pictures = [...guide.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => path.join(docs, match[1] ?? ''));
    expect(images).toEqual(pictures);
    for (const [index, file] of images.entries()) expect(code).toContain(`import image${index} from ${JSON.stringify(file)};`);
    expect(html).toMatch(/<img src=\\"", image0, "\\" alt=\\"[^"\\]+\\" width=\\"1280\\" height=\\"\d+\\"/);
  });

  it('names the repository files the app does not serve instead of linking to them', () => {
    const { code: linked } = operatorGuideModule('See [configuration.md](configuration.md) and [the runs](#runs).', docs);
    expect(linked).toContain('<code>docs/configuration.md</code>');
    expect(linked).toContain('<a href=\\"#runs\\">the runs</a>');
    expect(linked).not.toContain('href=\\"configuration.md');
  });

  it('shows raw HTML in the Markdown as text', () => {
    expect(operatorGuideModule('A <script>alert(1)</script> here.', docs).code).toContain('&lt;script&gt;');
  });
});

describe('headingSlug', () => {
  it('follows GitHub: lower case, punctuation dropped, spaces as dashes', () => {
    expect(headingSlug('What costs tokens')).toBe('what-costs-tokens');
    expect(headingSlug('Grids and saved views')).toBe('grids-and-saved-views');
    expect(headingSlug('Events / Equipments')).toBe('events--equipments');
  });
});

describe('imageSize', () => {
  it('reads the size of the PNG and the JPEG pictures', () => {
    expect(imageSize(readFileSync(path.join(docs, 'guide/home.png')))).toMatchObject({ width: 1280 });
    expect(imageSize(readFileSync(path.join(docs, 'guide/transactions.jpg')))).toMatchObject({ width: 1280 });
    expect(imageSize(Buffer.from('not a picture'))).toBeUndefined();
  });
});
