import type { I18n } from '@lingui/core';
import { and, eq } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import { isLocale } from '../../../common/i18n/locales';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { textOn } from '../../../common/ticket-design';
import { ticketState } from '../../../common/ticket-state';
import type { Db } from '../../db/client';
import { attendees, events, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { i18nFor } from '../../i18n';
import type { FileStorage } from '../../storage';
import { type LogoPng, readEventLogoPng } from '../images/logo';
import { getPublicTicketHolder } from '../orders/public-view';

/** One ticket as both wallets show it: what its page shows, in its order's language and colours. */
export interface WalletTicket {
  holder: Omit<PublicTicketHolderResponse, 'wallet'>;
  /** The order's language (the buyer's, at checkout). */
  i18n: I18n;
  /**
   * The card's colours: the ticket design's accent with white or ink text, whichever reads
   * better (decision 059); without an accent, the event page's buttons' colours (decision 023).
   */
  colors: { background: string; foreground: string };
  /** The ticket design's free text and footer, for the back of the pass; null without. */
  notes: { freeText: string | null; footer: string | null };
  /** The ticket's page, for the back of the pass. */
  url: string;
  /**
   * The event's logo: its PNG for Apple's `logo.png`, and its address (absolute, from APP_URL)
   * for Google's class; null without one.
   */
  logo: { png: LogoPng; url: string } | null;
}

/**
 * The ticket behind `…/attendees/{shortId}` for a wallet pass: unknown, or of a checkout never
 * finished, it is the ticket page's 404; a ticket that would not let its holder in gets no pass.
 */
export async function getWalletTicket(
  db: Db,
  {
    eventId,
    shortId,
    appUrl,
    storage,
  }: { eventId: number; shortId: string; appUrl: string; storage: FileStorage },
): Promise<WalletTicket> {
  const holder = await getPublicTicketHolder(db, eventId, shortId);
  if (ticketState(holder.status, holder.order_status) !== 'VALID')
    throw new AppError('WALLET_TICKET_NOT_VALID');
  const [row] = await db
    .select({ locale: orders.locale, settings: events.settings })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(events, eq(events.id, attendees.eventId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.shortId, shortId)));
  if (!row) throw new AppError('ATTENDEE_NOT_FOUND');
  const settings = withSettingDefaults(row.settings);
  const design = settings.ticket_design;
  const png = holder.event.logo && design.show_logo ? await readEventLogoPng(db, storage, eventId) : null;
  return {
    holder,
    i18n: i18nFor(isLocale(row.locale) ? row.locale : 'en'),
    colors: design.accent_color
      ? { background: design.accent_color, foreground: textOn(design.accent_color) }
      : {
          background: settings.homepage_primary_color,
          foreground: settings.homepage_content_background_color,
        },
    notes: { freeText: design.free_text, footer: design.footer },
    url: `${appUrl}/ticket/${eventId}/${shortId}`,
    logo:
      png && holder.event.logo && design.show_logo
        ? { png, url: new URL(holder.event.logo.url, appUrl).href }
        : null,
  };
}
