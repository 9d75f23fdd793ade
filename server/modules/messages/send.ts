import { eq, sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import { isLocale } from '../../../common/i18n/locales';
import type { EventLogo } from '../../../common/images';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  accounts,
  events,
  jobs,
  messageRecipients,
  messages,
  organizers,
  type RecipientKind,
} from '../../db/schema';
import { i18nFor } from '../../i18n';
import { renderMessageMail } from '../../mail/message-template';
import { eventMailSender, type MailSender } from '../../mail/sender';
import type { Mailer } from '../../mail/transport';
import { findEventLogoAt } from '../images/logo';
import { filledFooters, locationText } from '../mail-templates/service';
import { finishIfDone, type MessageJobContext } from './expand';
import { fillMessageBody, fillMessageSubject } from './fill';
import { MAX_RECIPIENT_ATTEMPTS, SEND_MAX_ATTEMPTS, type SendPayload } from './jobs';
import { nameOfLink } from './scope';

/** Recipients a send job claims at once, and so has in flight at most. */
const CLAIM_SIZE = 25;

export interface SendDependencies {
  mailer: Mailer;
  /** The public base URL, for the links filled in per recipient. */
  appUrl: string;
}

interface Claimed {
  id: number;
  email: string;
  name: string;
  kind: RecipientKind;
  link_path: string;
  locale: string;
}

/** What every recipient's mail shares: the message and its event. */
interface MessageMail {
  messageId: number;
  eventId: number;
  subject: string;
  body: string;
  eventTitle: string;
  footer: string | null;
  /** The organizer's footer template, filled in, by language (decision 055): replaces `footer`. */
  footers: Map<string, string>;
  /** The event's logo, by its absolute address, for the top of the mail. */
  logo: EventLogo | null;
  /** The organizer's name and reply address (decision 035). */
  sender: MailSender;
}

async function loadMessage(db: Database, messageId: number, appUrl: string): Promise<MessageMail | null> {
  const [row] = await db
    .select({
      message: messages,
      event: {
        title: events.title,
        settings: events.settings,
        accountId: events.accountId,
        slug: events.slug,
        startDate: events.startDate,
        timezone: events.timezone,
        location: events.location,
        online: events.onlineEventDetails,
      },
      organizer: { name: organizers.name, email: organizers.email },
      supportEmail: accounts.supportEmail,
    })
    .from(messages)
    .innerJoin(events, eq(events.id, messages.eventId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(eq(messages.id, messageId));
  if (row?.message.status !== 'SENDING') return null;
  return {
    messageId,
    eventId: row.message.eventId,
    subject: row.message.subject,
    body: row.message.body,
    eventTitle: row.event.title,
    footer: withSettingDefaults(row.event.settings).footer_message,
    footers: await filledFooters(db, {
      accountId: row.event.accountId,
      eventId: row.message.eventId,
      facts: {
        event: {
          title: row.event.title,
          start: row.event.startDate.toISOString(),
          timezone: row.event.timezone,
          location: locationText(row.event.location, row.event.online),
          url: `${appUrl}/e/${row.message.eventId}/${row.event.slug}`,
        },
      },
    }),
    logo: await findEventLogoAt(db, row.message.eventId, appUrl),
    sender: eventMailSender({
      eventSettings: row.event.settings,
      organizer: row.organizer,
      accountSupportEmail: row.supportEmail,
    }),
  };
}

/**
 * Claims up to `CLAIM_SIZE` pending recipients of the job's range for this claim of the job:
 * those no claim of it has taken yet, or an earlier claim took (that worker is gone: the queue
 * gave the job to this one). The claim holds only while this worker still holds the job, so a
 * worker that lost its job stops taking recipients at once.
 */
async function claimRecipients(
  db: Database,
  payload: SendPayload,
  context: MessageJobContext,
): Promise<Claimed[]> {
  const rows = await queryRows<Claimed & Record<string, unknown>>(
    db,
    sql`
    update ${messageRecipients}
       set claim_job = ${context.jobId}, claim_attempt = ${context.attempt}, attempts = attempts + 1
     where id in (
       select id from ${messageRecipients}
        where message_id = ${payload.message_id} and id between ${payload.first_id} and ${payload.last_id}
          and status = 'PENDING'
          and (claim_job is null or claim_job <> ${context.jobId} or claim_attempt < ${context.attempt})
        order by id
        limit ${CLAIM_SIZE}
        for update skip locked)
       and exists (select 1 from ${jobs} where ${jobs.id} = ${context.jobId}
                     and ${jobs.attempts} = ${context.attempt} and ${jobs.status} = 'running')
    returning id, email, name, kind, link_path, locale`,
  );
  // A bigint comes back as a string from PostgreSQL's driver and as a number from PGlite.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** This claim's recipient, still pending: only its own claim may settle it. */
const ownClaim = (id: number, context: MessageJobContext) =>
  sql`id = ${id} and status = 'PENDING' and claim_job = ${context.jobId} and claim_attempt = ${context.attempt}`;

/** Marks the recipient SENT: the server took the mail. */
async function markSent(context: MessageJobContext, id: number): Promise<void> {
  await context.db.execute(sql`
    update ${messageRecipients} set status = 'SENT', sent_at = now(), last_error = null
     where ${ownClaim(id, context)}`);
}

async function sendOne(
  deps: SendDependencies,
  context: MessageJobContext,
  mail: { message: MessageMail; recipient: Claimed },
): Promise<void> {
  const { message, recipient } = mail;
  // The sender's copy reads as the first recipient's mail (its link is theirs): filled in for them.
  const copyOf =
    recipient.kind === 'COPY' ? await nameOfLink(context.db, message.eventId, recipient.link_path) : null;
  const values = {
    attendee_name: copyOf ?? recipient.name,
    event_title: message.eventTitle,
    ticket_url: `${deps.appUrl}${recipient.link_path}`,
  };
  const rendered = renderMessageMail(
    {
      subject: fillMessageSubject(message.subject, values),
      bodyHtml: fillMessageBody(message.body, values),
      eventTitle: message.eventTitle,
      footer: message.footer,
      footerHtml: message.footers.get(recipient.locale) ?? null,
      kind: recipient.kind,
      filledFor: copyOf,
      logo: message.logo,
    },
    i18nFor(isLocale(recipient.locale) ? recipient.locale : 'en'),
  );
  let failure: unknown = null;
  try {
    await deps.mailer.send({
      to: recipient.email,
      ...rendered,
      fromName: message.sender.name || undefined,
      replyTo: message.sender.replyTo ?? undefined,
      // The same on every try, so a mail system can tell a retry from a new message.
      messageId: `message-${message.messageId}-${recipient.id}`,
    });
  } catch (error) {
    failure = error;
  }
  // Marked only once the server accepted the mail: a crash before the mark sends it again
  // (with the same Message-ID), never loses it (decision 046).
  if (failure === null) await markSent(context, recipient.id);
  else {
    // A refusal, or a failure before the server's answer, leaves it to be tried again.
    const text = (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
    await context.db.execute(sql`
      update ${messageRecipients}
         set last_error = ${text},
             status = case when attempts >= ${MAX_RECIPIENT_ATTEMPTS} then 'FAILED' else 'PENDING' end
       where ${ownClaim(recipient.id, context)}`);
  }
}

async function pendingIn(db: Database, payload: SendPayload): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${messageRecipients}
         where message_id = ${payload.message_id} and id between ${payload.first_id} and ${payload.last_id}
           and status = 'PENDING'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The `messages.send` job: mails the pending recipients of its range, a claimed handful at a
 * time, each marked SENT as soon as the mail server accepted it. Recipients the server refused
 * stay pending (with the error) and the job fails, so the queue runs it again after its
 * backoff; a recipient refused `MAX_RECIPIENT_ATTEMPTS` times, or still pending at the job's
 * last claim, is FAILED.
 */
export async function sendRecipients(
  payload: SendPayload,
  context: MessageJobContext & SendDependencies,
): Promise<void> {
  const { db } = context;
  const message = await loadMessage(db, payload.message_id, context.appUrl);
  if (!message) return;
  for (;;) {
    const claimed = await claimRecipients(db, payload, context);
    if (claimed.length === 0) break;
    const results = await Promise.allSettled(
      claimed.map((recipient) => sendOne(context, context, { message, recipient })),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }
  const left = await pendingIn(db, payload);
  if (left > 0 && context.attempt < SEND_MAX_ATTEMPTS) {
    throw new Error(`${left} recipients of message ${payload.message_id} are tried again later`);
  }
  if (left > 0) {
    await db.execute(sql`
      update ${messageRecipients} set status = 'FAILED'
       where message_id = ${payload.message_id} and id between ${payload.first_id} and ${payload.last_id}
         and status = 'PENDING'`);
  }
  await finishIfDone(db, payload.message_id);
}
