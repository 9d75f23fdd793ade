import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../../common/i18n/locales';
import {
  MAIL_TEMPLATE_ERRORS,
  MAIL_TEMPLATE_FILTERS,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  type MailTemplateKind,
  type MailTemplateListResponse,
  type MailTemplateResponse,
  type SaveMailTemplateRequest,
} from '../../../common/mail-templates';
import type { Db } from '../../db/client';
import { mailTemplates } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { i18nFor } from '../../i18n';
import { sanitizeDescription } from '../../text/description';
import { builtInTemplate } from './defaults';
import { compileTemplate, FieldRefusal, renderTemplate } from './sandbox';
import { sampleFacts, type TemplateEvent, templateScope } from './values';

/** Whose templates: the account's own (`eventId` null) or one event's. */
export interface TemplateOwner {
  accountId: number;
  eventId: number | null;
}

const ownerIs = (owner: TemplateOwner) =>
  and(
    eq(mailTemplates.accountId, owner.accountId),
    owner.eventId === null ? isNull(mailTemplates.eventId) : eq(mailTemplates.eventId, owner.eventId),
  );

/**
 * Every kind in every language as it stands for the owner: its own template, else (for an
 * event) the account's, else Tessera's wording; with each kind's placeholders.
 */
export async function listTemplates(db: Db, owner: TemplateOwner): Promise<MailTemplateListResponse> {
  const rows = await db
    .select()
    .from(mailTemplates)
    .where(
      and(
        eq(mailTemplates.accountId, owner.accountId),
        owner.eventId === null
          ? isNull(mailTemplates.eventId)
          : or(isNull(mailTemplates.eventId), eq(mailTemplates.eventId, owner.eventId)),
      ),
    );
  const mine = (kind: string, locale: string, eventId: number | null) =>
    rows.find((r) => r.kind === kind && r.locale === locale && r.eventId === eventId);
  const templates: MailTemplateResponse[] = [];
  for (const locale of LOCALES) {
    const i18n = i18nFor(locale);
    for (const kind of MAIL_TEMPLATE_KINDS) {
      const own = owner.eventId === null ? undefined : mine(kind, locale, owner.eventId);
      const row = own ?? mine(kind, locale, null);
      const source = own ? 'EVENT' : row ? 'ACCOUNT' : 'DEFAULT';
      const text = row ? { subject: row.subject, body_html: row.bodyHtml } : builtInTemplate(kind, i18n);
      templates.push({ kind, locale, source, ...text, updated_at: row?.updatedAt.toISOString() ?? null });
    }
  }
  return {
    templates,
    placeholders: Object.fromEntries(
      MAIL_TEMPLATE_KINDS.map((kind) => [kind, [...MAIL_TEMPLATE_PLACEHOLDERS[kind]]]),
    ) as MailTemplateListResponse['placeholders'],
    filters: [...MAIL_TEMPLATE_FILTERS],
  };
}

/** A refused template as the API answers it: 422, the field, the line and the reason. */
function asValidationError(error: unknown): never {
  if (error instanceof FieldRefusal) {
    throw new AppError('VALIDATION_FAILED', { fields: { [error.field]: [error.refusal.descriptor] } });
  }
  throw error;
}

/**
 * Checks a template as the sandbox would run it and fills it with sample values (which also
 * proves its output stays within bounds). Answers the sanitized body and the filled text.
 */
export async function checkTemplate(input: {
  kind: MailTemplateKind;
  locale: Locale;
  request: z.output<typeof SaveMailTemplateRequest>;
  sample: { event: TemplateEvent; appUrl: string; currency: string };
}): Promise<{ subject: string; body: string; filled: { subject: string | null; body: string } }> {
  const { kind, request } = input;
  const body = sanitizeDescription(request.body_html) ?? '';
  if (!body) {
    throw new AppError('VALIDATION_FAILED', { fields: { body_html: [MAIL_TEMPLATE_ERRORS.bodyRequired] } });
  }
  const subject = kind === 'message_footer' ? '' : request.subject.replace(/\s+/g, ' ').trim();
  try {
    // The markup as written is checked (a script is refused, not silently dropped), then what is kept.
    compileTemplate({ kind, subject, body: request.body_html });
    const { compiled } = compileTemplate({ kind, subject, body });
    const filled = await renderTemplate(
      compiled,
      templateScope(kind, sampleFacts(input.sample), input.locale),
    );
    return { subject, body, filled };
  } catch (error) {
    return asValidationError(error);
  }
}

/** Writes the owner's template of a kind and language, replacing the one it had. */
export async function saveTemplate(
  db: Db,
  input: { owner: TemplateOwner; kind: MailTemplateKind; locale: Locale; subject: string; body: string },
): Promise<void> {
  const { owner, kind, locale, subject, body } = input;
  const updatedAt = new Date();
  await db
    .insert(mailTemplates)
    .values({ ...owner, kind, locale, subject, bodyHtml: body, updatedAt })
    .onConflictDoUpdate({
      target: [mailTemplates.accountId, mailTemplates.eventId, mailTemplates.kind, mailTemplates.locale],
      set: { subject, bodyHtml: body, updatedAt },
    });
}

/** "Reset to default": the owner's template goes; the account's or Tessera's applies again. */
export async function deleteTemplate(
  db: Db,
  input: { owner: TemplateOwner; kind: MailTemplateKind; locale: Locale },
): Promise<void> {
  await db
    .delete(mailTemplates)
    .where(
      and(ownerIs(input.owner), eq(mailTemplates.kind, input.kind), eq(mailTemplates.locale, input.locale)),
    );
}
