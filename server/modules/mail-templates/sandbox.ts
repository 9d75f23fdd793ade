import type { MessageDescriptor } from '@lingui/core';
import { Parser } from 'htmlparser2';
import { Liquid, type Template } from 'liquidjs';
import {
  MAIL_TEMPLATE_ERRORS,
  MAIL_TEMPLATE_FILTERS,
  MAIL_TEMPLATE_LIMITS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  MAIL_TEMPLATE_TAGS,
  type MailTemplateKind,
} from '../../../common/mail-templates';

/**
 * The sandbox organizers' templates run in (decision 055): liquidjs with every tag but `if` and
 * `unless` removed (no loops, no include/render/layout, no assignments), a short list of
 * filters, no file system, own properties only, bounded parse size, render time and memory,
 * and every value HTML-escaped (in the body; the subject is plain text).
 */
const NO_FILES = {
  exists: async () => false,
  existsSync: () => false,
  readFile: () => Promise.reject(new Error('no files')),
  readFileSync: () => {
    throw new Error('no files');
  },
  resolve: () => '',
};

function sandbox(html: boolean): Liquid {
  const engine = new Liquid({
    fs: NO_FILES,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    dynamicPartials: false,
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    outputEscape: html ? 'escape' : undefined,
    parseLimit: MAIL_TEMPLATE_LIMITS.body,
    renderLimit: 200,
    memoryLimit: MAIL_TEMPLATE_LIMITS.output * 4,
    globals: {},
    cache: false,
  });
  for (const name of Object.keys(engine.tags)) {
    if (!MAIL_TEMPLATE_TAGS.includes(name)) delete engine.tags[name];
  }
  for (const name of Object.keys(engine.filters)) {
    if (!MAIL_TEMPLATE_FILTERS.includes(name)) delete engine.filters[name];
  }
  return engine;
}

const HTML_ENGINE = sandbox(true);
const TEXT_ENGINE = sandbox(false);

/** Why a template cannot be used, and where: the message names the line. */
export class TemplateRefusal extends Error {
  constructor(readonly descriptor: MessageDescriptor & { values: Record<string, unknown> }) {
    super(String(descriptor.id));
    this.name = 'TemplateRefusal';
  }
}

const refuse = (message: MessageDescriptor, values: Record<string, unknown>) =>
  new TemplateRefusal({ ...message, values });

/** Elements an e-mail template never holds: code, styling, frames, forms, foreign documents. */
const UNSAFE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'meta',
  'link',
  'base',
  'template',
  'noscript',
]);
const UNSAFE_URL = /^\s*(?:javascript|vbscript|data)\s*:/i;

const lineAt = (text: string, index: number) => text.slice(0, Math.max(0, index)).split('\n').length;

/** Refuses markup that would run or restyle in a mail (instead of silently dropping it). */
function assertSafeHtml(body: string): void {
  let found: { name: string; at: number } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found) return;
        const at = parser.startIndex;
        if (UNSAFE_TAGS.has(name)) found = { name: `<${name}>`, at };
        for (const [key, value] of Object.entries(attributes)) {
          if (found) break;
          // Control characters are ignored by browsers inside a scheme ("java\tscript:").
          // biome-ignore lint/suspicious/noControlCharactersInRegex: what is removed
          const compact = value.replace(/[\u0000-\u0020]/g, '');
          if (key.startsWith('on')) found = { name: key, at };
          else if (UNSAFE_URL.test(compact)) found = { name: `${key}="${compact.split(':')[0]}:"`, at };
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(body);
  parser.end();
  if (found) {
    const { name, at } = found;
    throw refuse(MAIL_TEMPLATE_ERRORS.unsafe, { line: lineAt(body, at), name });
  }
}

/** Parses with the sandbox, turning liquidjs's errors into refusals that name the line. */
function parse(engine: Liquid, source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = Number(/line:(\d+)/.exec(message)?.[1] ?? 1);
    const tag = /tag "([^"]+)" not found/.exec(message)?.[1];
    if (tag) throw refuse(MAIL_TEMPLATE_ERRORS.tag, { line, name: tag });
    const filter = /undefined filter: ([\w-]+)/.exec(message)?.[1];
    if (filter) throw refuse(MAIL_TEMPLATE_ERRORS.filter, { line, name: filter });
    throw refuse(MAIL_TEMPLATE_ERRORS.syntax, { line });
  }
}

/** Every name the template reads must be one of the kind's placeholders. */
function assertKnownPlaceholders(engine: Liquid, templates: Template[], kind: MailTemplateKind): void {
  const known = new Set<string>(MAIL_TEMPLATE_PLACEHOLDERS[kind]);
  const analysis = engine.analyzeSync(templates);
  for (const variable of Object.values(analysis.variables).flat()) {
    const name = variable.toString();
    if (!known.has(name))
      throw refuse(MAIL_TEMPLATE_ERRORS.placeholder, { line: variable.location.row, name });
  }
}

export interface CompiledTemplate {
  subject: Template[] | null;
  body: Template[];
}

/**
 * Checks a template as written and compiles it, or throws a `TemplateRefusal` naming the field
 * (`subject` or `body_html`) through `field`. The body is expected sanitized already.
 */
export function compileTemplate(input: { kind: MailTemplateKind; subject: string; body: string }): {
  compiled: CompiledTemplate;
} {
  const subject = input.subject.trim();
  const body = withField('body_html', () => {
    if (input.body.length > MAIL_TEMPLATE_LIMITS.body) {
      throw refuse(MAIL_TEMPLATE_ERRORS.tooLong, { line: 1 });
    }
    assertSafeHtml(input.body);
    const parsed = parse(HTML_ENGINE, input.body);
    assertKnownPlaceholders(HTML_ENGINE, parsed, input.kind);
    return parsed;
  });
  const parsedSubject = subject
    ? withField('subject', () => {
        const parsed = parse(TEXT_ENGINE, subject);
        assertKnownPlaceholders(TEXT_ENGINE, parsed, input.kind);
        return parsed;
      })
    : null;
  return { compiled: { subject: parsedSubject, body } };
}

/** A refusal of one field of the request. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: 'subject' | 'body_html',
    readonly refusal: TemplateRefusal,
  ) {
    super(refusal.message);
    this.name = 'FieldRefusal';
  }
}

function withField<T>(field: 'subject' | 'body_html', run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof TemplateRefusal) throw new FieldRefusal(field, error);
    throw error;
  }
}

/** Placeholder values as the sandbox reads them: nested plain objects of strings only. */
export type TemplateScope = Record<string, Record<string, string>>;

/**
 * Fills a compiled template: the subject as plain text (one line), the body as HTML with every
 * value escaped. Throws a `FieldRefusal` when the output would be too long or the render too slow.
 */
export async function renderTemplate(
  compiled: CompiledTemplate,
  scope: TemplateScope,
): Promise<{ subject: string | null; body: string }> {
  const body = await withRender('body_html', () => HTML_ENGINE.render(compiled.body, scope));
  if (body.length > MAIL_TEMPLATE_LIMITS.output) {
    throw new FieldRefusal('body_html', refuse(MAIL_TEMPLATE_ERRORS.tooLong, {}));
  }
  const subject = compiled.subject
    ? (await withRender('subject', () => TEXT_ENGINE.render(compiled.subject ?? [], scope)))
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, MAIL_TEMPLATE_LIMITS.subject)
    : null;
  return { subject: subject || null, body };
}

async function withRender(field: 'subject' | 'body_html', run: () => Promise<unknown>): Promise<string> {
  try {
    return String(await run());
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const descriptor = /memory|too large|invalid string length/i.test(message)
      ? MAIL_TEMPLATE_ERRORS.tooLong
      : MAIL_TEMPLATE_ERRORS.tooSlow;
    throw new FieldRefusal(field, refuse(descriptor, {}));
  }
}
