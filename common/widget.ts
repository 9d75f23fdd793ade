import { isLocale, type Locale } from './i18n/locales';
import { LIMITS } from './limits';

/**
 * The embeddable ticket widget's options (decision 022). An organizer picks them on the widget
 * screen; the embed script passes them to the widget page as query parameters of the iframe's
 * address, where anyone could write anything: the page keeps what is valid and drops the rest.
 * No zod here: the buyer's widget imports this file and should not download the schema library.
 */
export interface WidgetOptions {
  /** The buttons' and links' colour, `#rrggbb`. */
  primaryColor?: string;
  /** The label of the button that reserves the chosen tickets. */
  buttonText?: string;
  /** The widget's language; without it, the buyer's own. */
  locale?: Locale;
  /** One date of an event that has several (issue 36): its tickets are shown first. */
  dateId?: string;
}

/** The query parameters of `/widget/{eventId}` and the data attributes of the script tag. */
export const WIDGET_PARAMS = {
  primaryColor: 'primary_color',
  buttonText: 'button_text',
  locale: 'locale',
  dateId: 'date',
} as const;

/** A date's id as an address or a tag may carry it. */
const DATE_ID = /^[1-9][0-9]{0,14}$/;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Whether a value is a colour as `#rrggbb`, the same rule as `hexColor()`. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim());
}

/** A button label is one line of at most `LIMITS.continueButtonMax` characters. */
export function isButtonText(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && [...text].length <= LIMITS.continueButtonMax && !/[\p{Cc}]/u.test(text);
}

/** The options of a widget address: each invalid or missing one is left out, never an error. */
export function widgetOptionsFromQuery(params: URLSearchParams): WidgetOptions {
  const options: WidgetOptions = {};
  const color = params.get(WIDGET_PARAMS.primaryColor);
  if (color !== null && isHexColor(color)) options.primaryColor = color.trim().toLowerCase();
  const text = params.get(WIDGET_PARAMS.buttonText);
  if (text !== null && isButtonText(text)) options.buttonText = text.trim();
  const locale = params.get(WIDGET_PARAMS.locale);
  if (isLocale(locale)) options.locale = locale;
  const date = params.get(WIDGET_PARAMS.dateId)?.trim();
  if (date && DATE_ID.test(date)) options.dateId = date;
  return options;
}

/** The widget page's address for an event and options, as the embed script builds it. */
export function widgetUrl(origin: string, eventId: number | string, options: WidgetOptions): string {
  const url = new URL(`/widget/${encodeURIComponent(String(eventId))}`, origin);
  if (options.primaryColor) url.searchParams.set(WIDGET_PARAMS.primaryColor, options.primaryColor);
  if (options.buttonText) url.searchParams.set(WIDGET_PARAMS.buttonText, options.buttonText);
  if (options.locale) url.searchParams.set(WIDGET_PARAMS.locale, options.locale);
  if (options.dateId) url.searchParams.set(WIDGET_PARAMS.dateId, options.dateId);
  return url.href;
}

/** What the embed code says: the options, and those only the script uses. */
export interface EmbedOptions extends WidgetOptions {
  /** Off: the frame keeps a fixed height (`data-auto-resize="false"`). */
  autoResize: boolean;
  /**
   * The affiliate credited with the orders made in this embed (`data-affiliate-code`); the script
   * hands it to the widget page as `aff`, like an affiliate link (decision 021).
   */
  affiliateCode?: string;
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tag an organizer pastes into their site. Every option is a `data-` attribute read by
 * `/widget.js`; the values are escaped, so a button text cannot break out of its attribute.
 */
export function widgetEmbedCode(origin: string, eventId: number | string, options: EmbedOptions): string {
  const attributes: [string, string][] = [['data-event-id', String(eventId)]];
  if (options.primaryColor) attributes.push(['data-primary-color', options.primaryColor]);
  if (options.buttonText) attributes.push(['data-button-text', options.buttonText]);
  if (options.locale) attributes.push(['data-locale', options.locale]);
  if (options.dateId) attributes.push(['data-date-id', options.dateId]);
  if (!options.autoResize) attributes.push(['data-auto-resize', 'false']);
  if (options.affiliateCode) attributes.push(['data-affiliate-code', options.affiliateCode]);
  const written = attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return `<script src="${escapeAttribute(new URL('/widget.js', origin).href)}"${written} async></script>`;
}
