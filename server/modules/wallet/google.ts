import { sign } from 'node:crypto';
import { offsetText, wallClock, zoneOffset } from '../../../common/ics-timezone';
import type { WalletConfig } from '../../config';
import { passTexts } from './texts';
import type { WalletTicket } from './ticket';

type GoogleWallet = NonNullable<WalletConfig['google']>;

/** Where a signed "save" token takes the holder: Google adds the pass to their wallet there. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** `2031-05-01T20:00:00+02:00`: the instant as the event's clock reads it, with that clock's offset. */
export function zonedIso(instant: Date, timeZone: string): string {
  const offset = zoneOffset(timeZone, instant);
  const clock = wallClock(instant, offset);
  const date = `${clock.slice(0, 4)}-${clock.slice(4, 6)}-${clock.slice(6, 8)}`;
  const time = `${clock.slice(9, 11)}:${clock.slice(11, 13)}:${clock.slice(13, 15)}`;
  return `${date}T${time}${offsetText(offset, ':')}`;
}

/** An image of Google's classes: its address, and what it shows in the holder's language. */
const logoImage = (uri: string, description: { defaultValue: { language: string; value: string } }) => ({
  sourceUri: { uri },
  contentDescription: description,
});

/**
 * The ticket as a Google Wallet event ticket, carried whole in the token of a save link: the
 * event's class (made or updated by Google when the first ticket of the event is saved) and
 * the holder's object with the QR code the door scans. Signed RS256 with the service account's
 * key; nothing is sent to Google from here.
 */
export function createGoogleSaveToken(
  google: GoogleWallet,
  { ticket, appUrl, now = new Date() }: { ticket: WalletTicket; appUrl: string; now?: Date },
): string {
  const { holder, i18n } = ticket;
  const { event } = holder;
  const texts = passTexts(ticket);
  const localized = (value: string) => ({ defaultValue: { language: i18n.locale, value } });
  // One class per date: a later date of the event (issue 36) has times of its own.
  const classId = event.date.first
    ? `${google.issuerId}.event-${event.id}`
    : `${google.issuerId}.event-${event.id}-date-${event.date.id}`;
  const claims = {
    iss: google.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [appUrl],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: event.organizer_name,
          reviewStatus: 'UNDER_REVIEW',
          eventName: localized(event.date.label ? `${event.title} · ${event.date.label}` : event.title),
          dateTime: {
            start: zonedIso(new Date(event.start_date), event.timezone),
            ...(event.end_date ? { end: zonedIso(new Date(event.end_date), event.timezone) } : {}),
          },
          ...(texts.where
            ? {
                venue: {
                  name: localized(event.location?.venue_name?.trim() || texts.where),
                  address: localized(texts.where),
                },
              }
            : {}),
          hexBackgroundColor: ticket.colors.background,
          // Google fetches images itself, over HTTPS only: a server on plain HTTP sends none.
          ...(ticket.logo?.url.startsWith('https://')
            ? {
                logo: logoImage(ticket.logo.url, localized(texts.logo)),
                wideLogo: logoImage(ticket.logo.url, localized(texts.logo)),
              }
            : {}),
        },
      ],
      eventTicketObjects: [
        {
          id: `${google.issuerId}.attendee-${holder.short_id}`,
          classId,
          state: 'ACTIVE',
          ticketHolderName: texts.attendee,
          ticketType: localized(texts.ticket),
          reservationInfo: { confirmationCode: holder.order_reference },
          ...(holder.seat
            ? {
                seatInfo: {
                  section: localized(holder.seat.section),
                  row: localized(holder.seat.row),
                  seat: localized(holder.seat.seat),
                },
              }
            : {}),
          barcode: { type: 'QR_CODE', value: holder.ticket_code, alternateText: holder.order_reference },
          linksModuleData: { uris: [{ uri: ticket.url, description: texts.labels.page }] },
        },
      ],
    },
  };
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(unsigned), google.privateKey);
  return `${unsigned}.${base64url(signature)}`;
}
