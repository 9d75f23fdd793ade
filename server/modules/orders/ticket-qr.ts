import QRCode from 'qrcode';
import { ticketState } from '../../../common/ticket-state';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { getPublicTicketHolder } from './public-view';

/**
 * `GET …/attendees/{shortId}/qr.svg`: the ticket's QR code, only while the ticket lets its holder
 * in (`ticketState`, the one rule of its page, its PDF and its wallet passes); a cancelled or
 * unpaid ticket is 409 `TICKETS_NOT_ISSUED`, as its PDF is.
 */
export async function getTicketQrSvg(db: Db, eventId: number, attendeeShortId: string): Promise<string> {
  const holder = await getPublicTicketHolder(db, eventId, attendeeShortId);
  if (ticketState(holder.status, holder.order_status) !== 'VALID') throw new AppError('TICKETS_NOT_ISSUED');
  return QRCode.toString(holder.ticket_code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
