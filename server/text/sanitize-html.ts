import { Parser } from 'htmlparser2';

/**
 * What rich text may keep: the tags, each with the attributes it may carry, and the URL
 * schemes allowed in `href` and `src`. Anything else is dropped: unknown tags lose their
 * markup but keep their text; the elements in `DROPPED_WITH_CONTENT` lose their content too.
 */
export interface HtmlPolicy {
  tags: Readonly<Record<string, readonly string[]>>;
  /** Schemes allowed in a URL attribute, per tag (`*` for all the others). Relative URLs are always allowed. */
  schemes: Readonly<Record<string, readonly string[]>>;
  /** Attributes set on every emitted element of a tag, replacing what the input said. */
  forced?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Whether relative URLs are kept (the default); a mail has no page for them to be relative to. */
  relativeUrls?: boolean;
  /**
   * Tags written only with their URL: a link whose `href` is not kept, or an image whose `src`
   * is not, is dropped, and a link's text stays as plain text.
   */
  needUrl?: readonly string[];
}

/** Elements whose content is code, styling or a foreign document: nothing inside survives. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'noembed',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'select',
  'xmp',
  'plaintext',
]);

const VOID = new Set(['br', 'hr', 'img', 'wbr']);
const URL_ATTRIBUTES = new Set(['href', 'src']);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/**
 * Whether a (decoded) URL may be kept. Browsers ignore control characters and white space
 * inside a scheme ("java\tscript:"), so they are removed before the scheme is read.
 */
export function urlAllowed(url: string, schemes: readonly string[], relative = true): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return relative && (!compact.includes(':') || /^[/?#.]/.test(compact));
  return schemes.includes(scheme.toLowerCase());
}

/**
 * Sanitizes HTML by re-writing it from the parsed tokens: text is escaped, only allowed tags
 * and attributes are written, every attribute is quoted. Whatever a browser makes of the
 * input, the output is plain well-formed markup made of allowed elements only.
 */
export function sanitizeHtml(html: string, policy: HtmlPolicy): string {
  let out = '';
  /** Allowed elements written and not yet closed, innermost last. */
  const open: string[] = [];
  /** How deep we are inside elements dropped with their content. */
  let dropped = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropped > 0 || DROPPED_WITH_CONTENT.has(name)) {
          if (DROPPED_WITH_CONTENT.has(name)) dropped += 1;
          return;
        }
        const allowed = policy.tags[name];
        if (allowed === undefined) return;
        const schemes = policy.schemes[name] ?? policy.schemes['*'] ?? [];
        const kept: [string, string][] = [];
        for (const attribute of allowed) {
          const value = attributes[attribute];
          if (value === undefined) continue;
          if (URL_ATTRIBUTES.has(attribute) && !urlAllowed(value, schemes, policy.relativeUrls ?? true))
            continue;
          kept.push([attribute, value]);
        }
        if (policy.needUrl?.includes(name) && !kept.some(([attribute]) => URL_ATTRIBUTES.has(attribute)))
          return;
        const forced = policy.forced?.[name] ?? {};
        const written = kept.filter(([attribute]) => !(attribute in forced)).concat(Object.entries(forced));
        out += `<${name}${written.map(([a, v]) => ` ${a}="${escapeAttribute(v)}"`).join('')}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropped === 0) out += escapeText(text);
      },
      onclosetag(name) {
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (dropped > 0) dropped -= 1;
          return;
        }
        if (dropped > 0) return;
        const at = open.lastIndexOf(name);
        if (at < 0) return;
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeCDATA: false },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
