import type { z } from 'zod';
import type { OrganizerContactRequest } from '../../../common/organizers';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../mail/send';
import { accountOwner } from '../accounts/service';
import type { OrganizerRow } from '../organizers/service';

/**
 * A visitor's message to the organizer of a homepage (decision 058): queued as a mail to the
 * organizer's contact address, from the organizer's page by name, replies to the visitor. A
 * filled honeypot (`website`, hidden from people) is answered like a success, and nothing is
 * sent. False when nothing was queued.
 */
export async function sendContactMessage(
  db: Db,
  {
    organizer,
    input,
    pageUrl,
  }: { organizer: OrganizerRow; input: z.output<typeof OrganizerContactRequest>; pageUrl: string },
): Promise<boolean> {
  if (input.website?.trim() || !organizer.email) return false;
  // In the language of the account's owner, as the organizer's other mails.
  const { locale } = await accountOwner(db, organizer.accountId);
  return enqueueMail(db, {
    template: 'organizerContact',
    to: organizer.email,
    locale,
    data: {
      organizerName: organizer.name,
      senderName: input.name,
      senderEmail: input.email,
      message: input.message,
      pageUrl,
    },
    sender: { name: input.name, replyTo: input.email },
  });
}
