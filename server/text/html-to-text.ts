import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'hr']);

/**
 * The plain-text part of a mail whose HTML was written in the rich-text editor (already
 * sanitized): paragraphs and headings end with a blank line, list items start with "- ",
 * a link is followed by its address in brackets when that differs from its text.
 */
export function htmlToText(html: string): string {
  let out = '';
  const links: { href: string; start: number }[] = [];
  let skipped = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style') skipped += 1;
        if (name === 'br') out += '\n';
        else if (name === 'li') out += '\n- ';
        else if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'a') links.push({ href: attributes.href ?? '', start: out.length });
        if (name === 'img' && attributes.alt) out += attributes.alt;
      },
      ontext(text) {
        if (skipped === 0) out += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skipped = Math.max(0, skipped - 1);
        if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'a') {
          const link = links.pop();
          if (!link?.href) return;
          const text = out.slice(link.start).trim();
          if (text !== link.href && !/^mailto:|^tel:/.test(link.href)) out += ` (${link.href})`;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
