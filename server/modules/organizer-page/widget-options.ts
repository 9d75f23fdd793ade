import { AA_CONTRAST, parseHex, type Rgb, rgbContrast } from '../../../common/contrast';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import { isHexColor } from '../../../common/widget';

/**
 * The options of the organizer's events widget (decision 062), as query parameters of
 * `/widget/organizer/{slug}`. Like the ticket widget's (decision 022), the address is written
 * on other sites by hand: a number out of range is brought within it, anything else invalid
 * is left out, never an error page in the middle of someone's site.
 */
export interface OrganizerWidgetOptions {
  /** How many upcoming events, 1 to 50 (and as many past ones at most). */
  limit: number;
  /** Past events too, after the upcoming ones. */
  past: boolean;
  /** Cards with their cover image, or a compact list of lines. */
  layout: 'cards' | 'compact';
  /** Links' and badges' colour, `#rrggbb`. */
  primaryColor?: string;
  /** The widget's background, `#rrggbb`. */
  backgroundColor?: string;
  locale?: Locale;
}

export const ORGANIZER_WIDGET_LIMITS = { min: 1, max: 50, default: 10 } as const;

const YES = /^(1|true|yes|on)$/i;

/** The options of a widget address: out-of-range numbers clamped, invalid values dropped. */
export function organizerWidgetOptions(query: Record<string, unknown>): OrganizerWidgetOptions {
  const text = (name: string) => {
    const value = query[name];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const asked = Number.parseInt(text('limit') ?? '', 10);
  const limit = Number.isFinite(asked)
    ? Math.min(Math.max(asked, ORGANIZER_WIDGET_LIMITS.min), ORGANIZER_WIDGET_LIMITS.max)
    : ORGANIZER_WIDGET_LIMITS.default;
  const options: OrganizerWidgetOptions = {
    limit,
    past: YES.test(text('past') ?? ''),
    layout: text('layout') === 'compact' ? 'compact' : 'cards',
  };
  const primary = text('primary_color');
  if (primary && isHexColor(primary)) options.primaryColor = primary.toLowerCase();
  const background = text('background_color');
  if (background && isHexColor(background)) options.backgroundColor = background.toLowerCase();
  const locale = text('locale');
  if (isLocale(locale)) options.locale = locale;
  return options;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: Rgb, other: Rgb, amount: number): Rgb =>
  rgb.map((c, i) => c + ((other[i] ?? 0) - c) * amount) as Rgb;

/**
 * A colour that reads on `background` at WCAG AA: the one asked for, moved towards black (or
 * white on a dark background) in small steps until it does.
 */
export function readableOn(colour: string, background: string): string {
  const rgb = parseHex(colour);
  const bg = parseHex(background);
  if (!rgb || !bg) return colour;
  const towards: Rgb =
    rgbContrast(bg, [0, 0, 0]) >= rgbContrast(bg, [255, 255, 255]) ? [0, 0, 0] : [255, 255, 255];
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = mix(rgb, towards, amount);
    if (rgbContrast(candidate, bg) >= AA_CONTRAST) return toHex(candidate);
  }
  return toHex(towards);
}

/** The text colour for a background: the darker or lighter of the page's two, whichever reads. */
export function textOn(background: string): { text: string; muted: string; border: string } {
  const bg = parseHex(background);
  const dark = bg !== null && rgbContrast(bg, [0, 0, 0]) < rgbContrast(bg, [255, 255, 255]);
  return dark
    ? { text: '#f6f7f9', muted: readableOn('#c9d1d9', background), border: '#57606a' }
    : { text: '#1f2328', muted: readableOn('#3d444d', background), border: '#d8dde3' };
}
