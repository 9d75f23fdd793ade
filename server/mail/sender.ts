import { z } from 'zod';
import { type EventSettings, withSettingDefaults } from '../../common/events';

/**
 * Who a mail sent on behalf of an event comes from (decision 035): the organizer's name as the
 * sender's display name, with the platform's own address (`MAIL_FROM`), so that the mail still
 * passes SPF and DMARC for the platform's domain; replies go to the organizer.
 */
export const MailSender = z.object({
  /** Shown as the sender's name: the event's organizer. */
  name: z.string(),
  /** Where replies go; null: nowhere but the platform's address. */
  replyTo: z.string().nullable(),
});
export type MailSender = z.output<typeof MailSender>;

/** A name is one header line: line breaks and other control characters become spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The sender of an event's mails: the organizer by name, replies to the event's reply-to
 * address, else its contact address, else the organizer's, else the account's support address.
 */
export function eventMailSender({
  eventSettings,
  organizer,
  accountSupportEmail = null,
}: {
  /** The event's `settings` as stored (defaults are applied here). */
  eventSettings: Partial<EventSettings> | null;
  organizer: { name: string; email: string | null };
  accountSupportEmail?: string | null;
}): MailSender {
  const settings = withSettingDefaults(eventSettings);
  return {
    name: oneLine(organizer.name),
    replyTo: settings.reply_to_email ?? settings.contact_email ?? organizer.email ?? accountSupportEmail,
  };
}
