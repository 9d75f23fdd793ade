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

/** Links a message may keep once its placeholders are filled in for a recipient. */
const MAIL_LINK_SCHEMES = ['http', 'https', 'mailto'];

/**
 * A message to attendees after its placeholders were filled in for one recipient (decision
 * 035): a placeholder may stand as a link's address, and the value it became (a buyer's name)
 * is only then known, so every link is checked again. Only http, https and mailto links stay,
 * and no relative ones (a mail has no page to be relative to); a link that fails is dropped and
 * its text kept, an image that fails is dropped.
 */
export function sanitizeFilledMessage(html: string): string {
  return sanitizeHtml(html, {
    ...DESCRIPTION,
    schemes: { '*': MAIL_LINK_SCHEMES, img: ['https', 'http'] },
    relativeUrls: false,
    needUrl: ['a', 'img'],
  });
}
