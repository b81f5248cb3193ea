import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import type { Plugin } from 'vite';

/**
 * The operator guide (docs/guide.md) as HTML, made at build time (and by the dev server) so that the browser ships the
 * finished article and no Markdown parser: `import guide from 'virtual:operator-guide'` (src/features/help/help-screen.tsx).
 * The guide's pictures become imports of their files, so the build emits them as hashed assets and the article points
 * at those; links to the repository's other docs, which the app does not serve, name the file instead.
 */
export const operatorGuideModuleId = 'virtual:operator-guide';
const resolvedModuleId = `\0${operatorGuideModuleId}`;

export function operatorGuidePlugin(guidePath = 'docs/guide.md'): Plugin {
  let guideFile = guidePath;
  return {
    name: 'operator-guide',
    configResolved(config) {
      guideFile = path.resolve(config.root, guidePath);
    },
    resolveId: (id) => (id === operatorGuideModuleId ? resolvedModuleId : undefined),
    load(id) {
      if (id !== resolvedModuleId) return undefined;
      this.addWatchFile(guideFile);
      const { code, images } = operatorGuideModule(readFileSync(guideFile, 'utf8'), path.dirname(guideFile));
      images.forEach((image) => this.addWatchFile(image));
      return code;
    },
  };
}

/** GitHub's heading anchors, which the guide's own contents links use: lower case, punctuation dropped, spaces as '-'. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const imageMark = (index: number) => `\uE000image-${index}\uE000`;
const imageMarks = /\uE000image-(\d+)\uE000/;

/** A PNG's or a baseline/progressive JPEG's pixel size, so the article keeps its layout while pictures load. */
export function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes[at + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * The guide's Markdown as a JavaScript module: `export default { html, titleId }`, each picture an import of its file.
 * Headings carry GitHub's ids and a link to themselves; raw HTML in the Markdown is shown as text.
 */
export function operatorGuideModule(markdown: string, guideDir: string): { code: string; images: string[] } {
  const images: string[] = [];
  const used = new Map<string, number>();
  let titleId = '';
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        const base = headingSlug(text);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        if (depth === 1 && !titleId) titleId = id;
        const anchor =
          depth === 1 ? '' : ` <a class="guide__anchor" href="#${id}" aria-label="Link to the section ${escapeHtml(text)}">#</a>`;
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}${anchor}</h${depth}>\n`;
      },
      image({ href, text }: Tokens.Image) {
        const file = path.resolve(guideDir, href);
        const size = imageSize(readFileSync(file));
        images.push(file);
        const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
        return `<img src="${imageMark(images.length - 1)}" alt="${escapeHtml(text)}"${dimensions} loading="lazy">`;
      },
      link({ href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (href.startsWith('#') || /^https?:\/\//.test(href)) return `<a href="${escapeHtml(href)}">${inner}</a>`;
        // Another file of the repository: the app does not serve it, so the text names it (docs/guide.md's links).
        const file = path.posix.join('docs', href.split('#')[0] ?? href);
        const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
        return plain === path.posix.basename(file) ? `<code>${escapeHtml(file)}</code>` : inner;
      },
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    },
  });
  const html = marked.parse(markdown, { async: false });
  const parts = html.split(imageMarks).map((part, index) => (index % 2 === 0 ? JSON.stringify(part) : `image${part}`));
  const code = [
    ...images.map((file, index) => `import image${index} from ${JSON.stringify(file)};`),
    `export default { html: [${parts.join(', ')}].join(''), titleId: ${JSON.stringify(titleId)} };`,
  ].join('\n');
  return { code, images };
}
