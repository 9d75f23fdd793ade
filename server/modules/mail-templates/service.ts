import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/i18n/locales';
import type { MailTemplateKind } from '../../../common/mail-templates';
import type { Db } from '../../db/client';
import { mailTemplates } from '../../db/schema';
import { sanitizeFilledMessage } from '../../text/description';
import { compileTemplate, renderTemplate } from './sandbox';
import { type TemplateFacts, templateScope } from './values';

export { locationText, type TemplateEvent, type TemplateFacts } from './values';

type TemplateRow = typeof mailTemplates.$inferSelect;

/** What an organizer's templates say in one mail, filled in; null parts keep Tessera's text. */
export interface CustomMailText {
  subject: string | null;
  /** Sanitized HTML that replaces the mail's greeting and opening paragraphs. */
  bodyHtml: string | null;
  /** Sanitized HTML that replaces the event's footer message. */
  footerHtml: string | null;
}

/**
 * The templates in effect for some kinds of mail of an event (or of the account) in one language,
 * in one query: the event's own before the account's (decision 055).
 */
export async function findTemplatesInEffect(
  db: Db,
  where: { accountId: number; eventId: number | null; locale: Locale; kinds: MailTemplateKind[] },
): Promise<Map<MailTemplateKind, TemplateRow>> {
  const rows = await db
    .select()
    .from(mailTemplates)
    .where(
      and(
        eq(mailTemplates.accountId, where.accountId),
        eq(mailTemplates.locale, where.locale),
        inArray(mailTemplates.kind, where.kinds),
        where.eventId === null
          ? isNull(mailTemplates.eventId)
          : or(isNull(mailTemplates.eventId), eq(mailTemplates.eventId, where.eventId)),
      ),
    )
    .orderBy(sql`${mailTemplates.eventId} nulls last`);
  const found = new Map<MailTemplateKind, TemplateRow>();
  for (const row of rows) if (!found.has(row.kind)) found.set(row.kind, row);
  return found;
}

/**
 * Fills a stored template for one mail. A template that no longer renders (it was written
 * before a rule tightened, or a value made it too long) yields null: the mail keeps Tessera's
 * own text rather than failing.
 */
export async function fillTemplate(
  row: Pick<TemplateRow, 'kind' | 'subject' | 'bodyHtml'>,
  input: { facts: TemplateFacts; locale: string },
): Promise<{ subject: string | null; bodyHtml: string } | null> {
  try {
    const { compiled } = compileTemplate({ kind: row.kind, subject: row.subject, body: row.bodyHtml });
    const rendered = await renderTemplate(compiled, templateScope(row.kind, input.facts, input.locale));
    return { subject: rendered.subject, bodyHtml: sanitizeFilledMessage(rendered.body) };
  } catch {
    return null;
  }
}

/**
 * The organizer's own text for one mail, filled in at enqueue time in the mail's language: the
 * kind's subject and body, and the event's footer template. Null when none applies.
 */
export async function customMailText(
  db: Db,
  input: {
    accountId: number;
    eventId: number;
    locale: Locale;
    kind: MailTemplateKind;
    facts: TemplateFacts;
  },
): Promise<CustomMailText | null> {
  const { kind, locale, facts } = input;
  const found = await findTemplatesInEffect(db, { ...input, kinds: [kind, 'message_footer'] });
  if (found.size === 0) return null;
  const own = found.get(kind);
  const footer = found.get('message_footer');
  const body = own ? await fillTemplate(own, { facts, locale }) : null;
  const footerText = footer ? await fillTemplate(footer, { facts, locale }) : null;
  if (!body && !footerText) return null;
  return {
    subject: body?.subject ?? null,
    bodyHtml: body?.bodyHtml || null,
    footerHtml: footerText?.bodyHtml || null,
  };
}

/**
 * The event's footer template filled in for each language that has one (its own, else the
 * account's), in one query: for the mails of a message, sent in each recipient's language.
 */
export async function filledFooters(
  db: Db,
  input: { accountId: number; eventId: number; facts: TemplateFacts },
): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(mailTemplates)
    .where(
      and(
        eq(mailTemplates.accountId, input.accountId),
        eq(mailTemplates.kind, 'message_footer'),
        or(isNull(mailTemplates.eventId), eq(mailTemplates.eventId, input.eventId)),
      ),
    )
    .orderBy(sql`${mailTemplates.eventId} nulls last`);
  const footers = new Map<string, string>();
  for (const row of rows) {
    if (footers.has(row.locale)) continue;
    const filled = await fillTemplate(row, { facts: input.facts, locale: row.locale });
    if (filled?.bodyHtml) footers.set(row.locale, filled.bodyHtml);
  }
  return footers;
}
