import type { I18n, MessageDescriptor } from '@lingui/core';
import { translate } from '../../../common/i18n/translate';
import type { PublicOrganizerEvent, PublicOrganizerPage } from '../../../common/organizers';
import { escapeHtml as e } from '../../mail/layout';
import { eventCardHtml } from './event-card';
import { type OrganizerWidgetOptions, readableOn, textOn } from './widget-options';

const M = {
  title: /*i18n*/ { id: 'organizer_widget.title', message: 'Events by {name}' },
  upcoming: /*i18n*/ { id: 'organizer_widget.upcoming', message: 'Upcoming events' },
  past: /*i18n*/ { id: 'organizer_widget.past', message: 'Past events' },
  none: /*i18n*/ { id: 'organizer_widget.none', message: 'No upcoming events at the moment.' },
  all: /*i18n*/ { id: 'organizer_widget.all', message: 'All events of {name}' },
  newTab: /*i18n*/ { id: 'organizer_widget.new_tab', message: '(opens in a new tab)' },
} satisfies Record<string, MessageDescriptor>;

/** The script the widget's page loads to tell the embedding page its height (decision 062). */
export const ORGANIZER_WIDGET_SCRIPT_PATH = '/organizer-widget-frame.js';

/**
 * The widget's few styles, in the page; colours meet WCAG AA on the default background, and
 * the theme's are adjusted until they do (`readableOn`).
 */
const WIDGET_CSS = `
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg)}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);line-height:1.5;padding:8px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
h2{font-size:1.1rem;margin:8px 0}
.events{list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.event{background:var(--card);border:1px solid var(--border);border-radius:8px;overflow:hidden;display:flex;flex-direction:column}
.event .cover{width:100%;height:auto;aspect-ratio:2/1;object-fit:cover;display:block}
.event .body{padding:10px 14px 12px}
.event h3{margin:0 0 4px;font-size:1.05rem}
a{color:var(--link);text-decoration:underline}
.when,.facts{margin:2px 0;color:var(--muted)}
.badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.85rem;font-weight:600;margin-left:4px}
.on_sale{background:#dff3e4;color:#14532d}
.sold_out{background:#fde2e1;color:#7f1d1d}
.not_on_sale{background:#e8eaed;color:#30363d}
.compact .events{display:block}
.compact .event{border-width:0 0 1px;border-radius:0;background:transparent}
.compact .event .body{padding:8px 0;display:flex;flex-wrap:wrap;gap:2px 12px;align-items:baseline}
.compact .event h3{margin:0;flex:1 1 14rem}
.compact .when,.compact .facts{margin:0}
.all{margin:12px 0 4px}
a:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
`;

function themeCss(options: OrganizerWidgetOptions): string {
  const background = options.backgroundColor ?? '#ffffff';
  const card = options.backgroundColor ?? '#ffffff';
  const { text, muted, border } = textOn(background);
  const link = readableOn(options.primaryColor ?? '#0b4f8a', card);
  return `:root{--bg:${background};--card:${card};--text:${text};--muted:${muted};--border:${border};--link:${link}}`;
}

/**
 * The embeddable list of an organizer's events (decision 062): its live upcoming events (and
 * past ones if asked), written on the server like the homepage. Every link leaves the frame
 * for a new tab, as the ticket widget's do: the visitor keeps the site they were on. No `main`
 * landmark: the page that frames it has its own, and two would confuse screen readers.
 */
export function organizerWidgetHtml(
  page: PublicOrganizerPage,
  { i18n, options }: { i18n: I18n; options: OrganizerWidgetOptions },
): string {
  const t = (m: MessageDescriptor, values?: Record<string, unknown>) => e(translate(i18n, m, values));
  const newTab = `<span class="sr-only"> ${t(M.newTab)}</span>`;
  const attributes = ' target="_blank" rel="noopener"';
  const cards = (list: PublicOrganizerEvent[]) =>
    `<ul class="events">${list
      .slice(0, options.limit)
      .map((ev) =>
        eventCardHtml(ev, {
          i18n,
          link: { href: ev.path, attributes, after: newTab },
          cover: options.layout === 'cards',
        }),
      )
      .join('')}</ul>`;
  const upcoming = page.upcoming.length ? cards(page.upcoming) : `<p>${t(M.none)}</p>`;
  const past =
    options.past && page.past.length
      ? `<section aria-labelledby="past"><h2 id="past">${t(M.past)}</h2>${cards(page.past)}</section>`
      : '';
  const title = t(M.title, { name: page.name });
  return `<!doctype html><html lang="${e(i18n.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="robots" content="noindex">
<style>${WIDGET_CSS}${themeCss(options)}</style>
<script src="${ORGANIZER_WIDGET_SCRIPT_PATH}" defer></script></head>
<body><div class="${options.layout === 'compact' ? 'compact' : 'cards'}"><h1 class="sr-only">${title}</h1>
<section aria-labelledby="upcoming"><h2 id="upcoming">${t(M.upcoming)}</h2>${upcoming}</section>${past}
<p class="all"><a href="/o/${e(page.slug)}"${attributes}>${t(M.all, { name: page.name })}${newTab}</a></p></div></body></html>`;
}

/**
 * Tells the page that frames the widget how tall it is, as the ticket widget does
 * (`tessera:widget-height`, read by `/widget.js`): only a height, nothing secret, so to any
 * parent. The list works without it; the frame then keeps its first height.
 */
export const ORGANIZER_WIDGET_SCRIPT = `(function(){if(window.parent===window)return;var last=0;function report(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h&&h!==last){last=h;window.parent.postMessage({type:'tessera:widget-height',height:h},'*');}}report();if(window.ResizeObserver)new ResizeObserver(report).observe(document.documentElement);window.addEventListener('load',report);})();
`;
