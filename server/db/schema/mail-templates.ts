import { bigint, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { MailTemplateKind } from '../../../common/mail-templates';
import { accounts } from './accounts';
import { events } from './events';

/**
 * An organizer's own wording of one mail in one language (decision 055): the account's when
 * `event_id` is null, else that event's. Mails look for the event's, then the account's, then
 * use Tessera's built-in text. `body_html` is sanitized HTML with liquid placeholders, checked
 * by the sandbox before it is written.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MailTemplateKind>().notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull().default(''),
    bodyHtml: text('body_html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mail_templates_scope_unique').on(t.accountId, t.eventId, t.kind, t.locale).nullsNotDistinct(),
    index('mail_templates_event_idx').on(t.eventId),
  ],
);
