import type { Locale } from '../../../common/i18n/locales';
import { isHexColor } from '../../../common/widget';

/**
 * The options of an organizer's events widget (decision 062) as the settings screen builds
 * them; `/widget.js` passes each `data-` attribute to the widget page, which checks them again
 * (`server/modules/organizer-page/widget-options.ts`).
 */
export interface OrganizerEmbedOptions {
  /** 1 to 50; 10 when left out. */
  limit: number;
  past: boolean;
  layout: 'cards' | 'compact';
  primaryColor: string;
  backgroundColor: string;
  locale: Locale | '';
  autoResize: boolean;
}

export const initialOrganizerEmbed: OrganizerEmbedOptions = {
  limit: 10,
  past: false,
  layout: 'cards',
  primaryColor: '',
  backgroundColor: '',
  locale: '',
  autoResize: true,
};

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The options as `[attribute, value]` pairs, the defaults and invalid values left out. */
function attributesOf(options: OrganizerEmbedOptions): [string, string][] {
  const pairs: [string, string][] = [];
  const asked = Number.isFinite(options.limit) ? Math.round(options.limit) : 10;
  const limit = Math.min(Math.max(asked, 1), 50);
  if (limit !== 10) pairs.push(['limit', String(limit)]);
  if (options.past) pairs.push(['past', 'true']);
  if (options.layout === 'compact') pairs.push(['layout', 'compact']);
  if (isHexColor(options.primaryColor))
    pairs.push(['primary-color', options.primaryColor.trim().toLowerCase()]);
  if (isHexColor(options.backgroundColor))
    pairs.push(['background-color', options.backgroundColor.trim().toLowerCase()]);
  if (options.locale) pairs.push(['locale', options.locale]);
  return pairs;
}

/** The tag an organizer pastes into its site: `/widget.js` with `data-organizer` and the options. */
export function organizerEmbedCode(origin: string, slug: string, options: OrganizerEmbedOptions): string {
  const attributes: [string, string][] = [
    ['data-organizer', slug],
    ...attributesOf(options).map(([name, value]): [string, string] => [`data-${name}`, value]),
  ];
  if (!options.autoResize) attributes.push(['data-auto-resize', 'false']);
  const written = attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return `<script src="${escapeAttribute(new URL('/widget.js', origin).href)}"${written} async></script>`;
}

/** The widget page's address for the preview, with the same options the script would pass. */
export function organizerWidgetUrl(origin: string, slug: string, options: OrganizerEmbedOptions): string {
  const url = new URL(`/widget/organizer/${encodeURIComponent(slug)}`, origin);
  for (const [name, value] of attributesOf(options)) url.searchParams.set(name.replace('-', '_'), value);
  return url.href;
}
