import type { WalletConfig } from '../../config';
import { passIcons, passLogos } from './icon';
import { passTexts } from './texts';
import type { WalletTicket } from './ticket';

type AppleWallet = NonNullable<WalletConfig['apple']>;

/** `#rrggbb` as Wallet writes colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * The ticket as an Apple Wallet event ticket (a signed `.pkpass` zip): the event, when and where,
 * the holder and their ticket on the front, the QR code the door scans, the order and the
 * ticket's page on the back. Wallet shows it on the lock screen around the event's start.
 */
export async function createApplePass(apple: AppleWallet, ticket: WalletTicket): Promise<Buffer> {
  // Loaded on the first pass, not with every server start.
  const { PassType, PKPass } = await import('passkit-generator');
  const { holder } = ticket;
  const texts = passTexts(ticket);
  const pass = new PKPass(
    { ...(await passIcons()), ...(ticket.logo ? await passLogos(ticket.logo.png.body) : {}) },
    { signerCert: apple.signerCert, signerKey: apple.signerKey, wwdr: apple.wwdr },
    {
      formatVersion: 1,
      passTypeIdentifier: apple.passTypeId,
      teamIdentifier: apple.teamId,
      // One pass per ticket: adding it again replaces it rather than making a second one.
      serialNumber: `tessera-${holder.event.id}-${holder.short_id}`,
      organizationName: holder.event.organizer_name,
      description: texts.description,
      logoText: holder.event.organizer_name,
      backgroundColor: rgb(ticket.colors.background),
      foregroundColor: rgb(ticket.colors.foreground),
      labelColor: rgb(ticket.colors.foreground),
      sharingProhibited: true,
    },
  );
  const card = new PassType('eventTicket');
  const { labels } = texts;
  card.primaryFields.push({ key: 'event', label: labels.event, value: holder.event.title });
  card.secondaryFields.push(
    { key: 'when', label: labels.when, value: texts.when },
    ...(texts.where ? [{ key: 'where', label: labels.where, value: texts.where }] : []),
  );
  card.auxiliaryFields.push(
    { key: 'attendee', label: labels.attendee, value: texts.attendee },
    { key: 'ticket', label: labels.ticket, value: texts.ticket },
    ...(texts.seat ? [{ key: 'seat', label: labels.seat, value: texts.seat }] : []),
  );
  card.backFields.push(
    { key: 'order', label: labels.order, value: holder.order_reference },
    { key: 'organizer', label: labels.organizer, value: holder.event.organizer_name },
    { key: 'page', label: labels.page, value: ticket.url },
    ...(holder.ticket_page_message ? [{ key: 'message', label: '', value: holder.ticket_page_message }] : []),
    ...(ticket.notes.freeText ? [{ key: 'design-text', label: '', value: ticket.notes.freeText }] : []),
    ...(ticket.notes.footer ? [{ key: 'design-footer', label: '', value: ticket.notes.footer }] : []),
  );
  pass.types.push(card);
  pass.setBarcodes({
    message: holder.ticket_code,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: holder.order_reference,
  });
  pass.setRelevantDate(new Date(holder.event.start_date));
  return pass.getAsBuffer();
}
