import { type HtmlPolicy, sanitizeHtml } from './sanitize-html';

const WEB_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** The formatting the rich-text editor writes, and nothing that runs or restyles the page. */
const DESCRIPTION: HtmlPolicy = {
  tags: {
    p: [],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    s: [],
    a: ['href', 'title', 'target'],
    ul: [],
    ol: [],
    li: [],
    blockquote: [],
    h2: [],
    h3: [],
    h4: [],
    hr: [],
    code: [],
    pre: [],
    span: [],
    mark: [],
    sub: [],
    sup: [],
    img: ['src', 'alt', 'width', 'height'],
  },
  schemes: { '*': WEB_SCHEMES, img: ['https', 'http'] },
  forced: { a: { rel: 'noopener noreferrer nofollow' } },
};

/**
 * Event and ticket descriptions are rich text written in the editor; only its formatting
 * survives: no scripts, styles, iframes, event handlers or javascript: links.
 */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, DESCRIPTION).trim();
  return clean === '' ? null : clean;
}
