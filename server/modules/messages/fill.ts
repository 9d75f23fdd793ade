import { fillPlaceholders, MESSAGE_PLACEHOLDERS, type MessagePlaceholder } from '../../../common/messages';
import { sanitizeFilledMessage } from '../../text/description';

/** What fills each placeholder for one recipient. */
export type PlaceholderValues = Readonly<Record<MessagePlaceholder, string>>;

/**
 * White space between a placeholder (and the tags that close right after it) and a comma or a
 * full stop: "Hello {{attendee_name}} , doors". The compose page's placeholder buttons used to
 * add a space after what they inserted, so messages written then (some still scheduled) hold
 * it; no language we write puts a space there.
 */
const STRAY_SPACE = new RegExp(
  `(\\{\\{\\s*(?:${MESSAGE_PLACEHOLDERS.join('|')})\\s*\\}\\}(?:</[a-z0-9]+>)*)(?:\\s|\\u00a0|&nbsp;|&#160;)+(?=[,，。]|\\.(?!\\.))`,
  'g',
);

const closeUp = (text: string) => text.replace(STRAY_SPACE, '$1');

/** A message's subject as one recipient reads it (plain text). */
export function fillMessageSubject(subject: string, values: PlaceholderValues): string {
  return fillPlaceholders(closeUp(subject), values, { html: false });
}

/**
 * A message's body (sanitized HTML) as one recipient reads it: the placeholders filled in,
 * escaped, then every link checked again, since a placeholder may stand as a link's address and
 * its value (a buyer's name) could be `javascript:…`. The preview, the review and the mail all
 * come from here (decision 035).
 */
export function fillMessageBody(body: string, values: PlaceholderValues): string {
  return sanitizeFilledMessage(fillPlaceholders(closeUp(body), values, { html: true }));
}
