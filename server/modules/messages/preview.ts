import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { withSettingDefaults } from '../../../common/events';
import { VALIDATION } from '../../../common/i18n/validation';
import type { MessagePreviewRequest, MessagePreviewResponse } from '../../../common/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { sanitizeDescription } from '../../text/description';
import { getEvent } from '../owned-events/service';
import { fillMessageBody, fillMessageSubject } from './fill';
import { assertScopeOfEvent, countScopeAddresses, firstScopeAddress } from './scope';

/**
 * How a message would read, filled in for the first person its scope reaches (or for the
 * sender, when it reaches nobody yet), and how many different addresses it would reach now.
 * The same sanitizing and filling as the sending (`send.ts`); nothing is written.
 */
export async function previewMessage({
  db,
  auth,
  eventId,
  input,
  appUrl,
}: {
  db: Db;
  auth: AuthContext;
  eventId: number;
  input: z.output<typeof MessagePreviewRequest>;
  appUrl: string;
}): Promise<MessagePreviewResponse> {
  const event = await getEvent(db, auth.accountId, eventId);
  const body = sanitizeDescription(input.body);
  if (!body) throw fieldError('body', VALIDATION.required);
  await assertScopeOfEvent(db, eventId, input.scope);
  const recipients = await countScopeAddresses(db, eventId, input.scope);
  const first = await firstScopeAddress(db, eventId, input.scope);
  const sample = first ?? (await senderAsSample(db, auth.userId, `/e/${event.id}/${event.slug}`));
  const values = {
    attendee_name: sample.name,
    event_title: event.title,
    ticket_url: `${appUrl}${sample.link_path}`,
  };
  return {
    recipients,
    sample: { name: sample.name, email: sample.email },
    subject: fillMessageSubject(input.subject.replace(/\s+/g, ' ').trim(), values),
    body: fillMessageBody(body, values),
    footer: withSettingDefaults(event.settings).footer_message,
  };
}

async function senderAsSample(db: Db, userId: number, linkPath: string) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return {
    email: user?.email ?? '',
    name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
    link_path: linkPath,
  };
}
