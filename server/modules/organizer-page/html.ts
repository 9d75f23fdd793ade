import type { I18n, MessageDescriptor } from '@lingui/core';
import { translate } from '../../../common/i18n/translate';
import { toMajorText } from '../../../common/money';
import type { PublicOrganizerImage } from '../../../common/organizer-design';
import type { PublicOrganizerEvent, PublicOrganizerPage } from '../../../common/organizers';
import { escapeHtml } from '../../mail/layout';
import { eventCardHtml } from './event-card';
import { designCss, PAGE_CSS } from './page-css';

const M = {
  upcoming: /*i18n*/ { id: 'organizer_page.upcoming', message: 'Upcoming events' },
  past: /*i18n*/ { id: 'organizer_page.past', message: 'Past events' },
  none: /*i18n*/ { id: 'organizer_page.none', message: 'No upcoming events at the moment.' },
  website: /*i18n*/ { id: 'organizer_page.website', message: 'Website' },
  links: /*i18n*/ { id: 'organizer_page.links', message: 'Links' },
  contact: /*i18n*/ { id: 'organizer_page.contact', message: 'Contact {name}' },
  name: /*i18n*/ { id: 'organizer_page.contact_name', message: 'Your name' },
  email: /*i18n*/ { id: 'organizer_page.contact_email', message: 'Your e-mail address' },
  message: /*i18n*/ { id: 'organizer_page.contact_message', message: 'Message' },
  leaveEmpty: /*i18n*/ { id: 'organizer_page.leave_empty', message: 'Leave this field empty' },
  send: /*i18n*/ { id: 'organizer_page.send', message: 'Send message' },
  sent: /*i18n*/ {
    id: 'organizer_page.sent',
    message: 'Thank you, your message has been sent. The organizer will reply to your e-mail address.',
  },
  invalid: /*i18n*/ {
    id: 'organizer_page.invalid',
    message: 'Please fill in your name, a valid e-mail address and a message.',
  },
  limited: /*i18n*/ {
    id: 'organizer_page.limited',
    message: 'Too many messages were sent. Please wait a minute and try again.',
  },
  poweredBy: /*i18n*/ { id: 'organizer_page.powered_by', message: 'Tickets by Tessera' },
  logo: /*i18n*/ { id: 'organizer_page.logo', message: 'Logo of {name}' },
  previewForm: /*i18n*/ {
    id: 'organizer_page.preview_form',
    message: 'This is a preview: the form cannot be sent from here.',
  },
} satisfies Record<string, MessageDescriptor>;

/** What the contact form shows: nothing yet, the thank-you, or a problem with what was sent. */
export type ContactState = 'none' | 'sent' | 'invalid' | 'limited';

const e = escapeHtml;

/** An event's card, linking to its page in the same tab. */
const eventCard = (event: PublicOrganizerEvent, i18n: I18n) =>
  eventCardHtml(event, { i18n, link: { href: event.path } });

function contactForm(
  page: PublicOrganizerPage,
  { i18n, state, preview }: { i18n: I18n; state: ContactState; preview: boolean },
) {
  const t = (m: MessageDescriptor) => e(translate(i18n, m));
  const heading = `<h2 id="contact">${e(translate(i18n, M.contact, { name: page.name }))}</h2>`;
  if (state === 'sent')
    return `<section class="contact" aria-labelledby="contact">${heading}<p role="status" class="notice">${t(M.sent)}</p></section>`;
  const problem = state === 'invalid' ? M.invalid : state === 'limited' ? M.limited : null;
  // The designer's preview shows the form as it looks, but nothing can be sent from it.
  const off = preview ? ' disabled' : '';
  const form = preview
    ? `<p class="notice">${t(M.previewForm)}</p><form><fieldset disabled style="border:0;padding:0;margin:0;display:grid;gap:12px">`
    : `<form method="post" action="/o/${e(page.slug)}/contact">`;
  return `<section class="contact" aria-labelledby="contact">${heading}${problem ? `<p role="alert" class="problem">${t(problem)}</p>` : ''}${form}
<label>${t(M.name)}<input name="name" required maxlength="120" autocomplete="name"${off}></label>
<label>${t(M.email)}<input name="email" type="email" required maxlength="254" autocomplete="email"${off}></label>
<label>${t(M.message)}<textarea name="message" required maxlength="5000" rows="5"${off}></textarea></label>
<div class="trap" aria-hidden="true"><label>${t(M.leaveEmpty)}<input name="website" tabindex="-1" autocomplete="off"${off}></label></div>
<button type="submit"${off}>${t(M.send)}</button>${preview ? '</fieldset>' : ''}</form></section>`;
}

const srcset = (image: PublicOrganizerImage) => image.variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/** The cover across the top, as wide as the window: the browser picks its WebP width. */
function coverImage(cover: PublicOrganizerImage | null): string {
  if (!cover) return '';
  const src = cover.variants.at(-1)?.url ?? cover.url;
  return `<img class="hero-cover" src="${e(src)}" srcset="${e(srcset(cover))}" sizes="100vw" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high">`;
}

/** The logo beside the name, its size given so the header keeps its place while it loads. */
function logoImage(page: PublicOrganizerPage, i18n: I18n): string {
  const { logo } = page;
  if (!logo) return '';
  const src = logo.variants[0]?.url ?? logo.url;
  const alt = translate(i18n, M.logo, { name: page.name });
  return `<img class="logo" src="${e(src)}" srcset="${e(srcset(logo))}" sizes="240px" alt="${e(alt)}" width="${logo.width}" height="${logo.height}">`;
}

/** Options of the page: the contact form's state, and whether it is the designer's preview. */
export interface PageOptions {
  i18n: I18n;
  contact: ContactState;
  /** The designer's preview: the form cannot be sent. */
  preview?: boolean;
}

/** The page's markup inside `<body>`. */
export function organizerPageBody(
  page: PublicOrganizerPage,
  { i18n, contact, preview }: PageOptions,
): string {
  const t = (m: MessageDescriptor) => e(translate(i18n, m));
  const paragraphs = (page.description ?? '')
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const links = [
    ...(page.website ? [`<a href="${e(page.website)}" rel="noopener">${t(M.website)}</a>`] : []),
    ...page.social_links.map(
      (url) => `<a href="${e(url)}" rel="noopener me">${e(new URL(url).hostname.replace(/^www\./, ''))}</a>`,
    ),
  ];
  const upcoming = page.upcoming.length
    ? `<ul class="events">${page.upcoming.map((ev) => eventCard(ev, i18n)).join('')}</ul>`
    : `<p>${t(M.none)}</p>`;
  const past = page.past.length
    ? `<section aria-labelledby="past"><h2 id="past">${t(M.past)}</h2><ul class="events past">${page.past.map((ev) => eventCard(ev, i18n)).join('')}</ul></section>`
    : '';
  return `<header class="hero">${coverImage(page.cover)}<div class="wrap head">${logoImage(page, i18n)}<div><h1>${e(page.name)}</h1>${paragraphs}${links.length ? `<nav aria-label="${t(M.links)}" class="links">${links.join('')}</nav>` : ''}</div></div></header>
<main class="wrap"><section aria-labelledby="upcoming"><h2 id="upcoming">${t(M.upcoming)}</h2>${upcoming}</section>${past}${page.has_contact ? contactForm(page, { i18n, state: contact, preview: Boolean(preview) }) : ''}</main>
<footer class="wrap"><a href="/">${t(M.poweredBy)}</a></footer>`;
}

/** schema.org `Organization` with its upcoming `Event`s; `<` escaped so it cannot end the script. */
function jsonLd(page: PublicOrganizerPage, { pageUrl, appUrl }: { pageUrl: string; appUrl: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: page.name,
    url: pageUrl,
    description: page.description ?? undefined,
    sameAs: [...(page.website ? [page.website] : []), ...page.social_links],
    event: page.upcoming.map((ev) => ({
      '@type': 'Event',
      name: ev.title,
      startDate: ev.next_dates[0] ?? ev.start_date,
      endDate: ev.end_date ?? undefined,
      url: `${appUrl}${ev.path}`,
      eventStatus: 'https://schema.org/EventScheduled',
      image: ev.cover_url ? [new URL(ev.cover_url, appUrl).href] : undefined,
      organizer: { '@type': 'Organization', name: page.name, url: pageUrl },
      offers:
        ev.price_min === null
          ? undefined
          : {
              '@type': 'AggregateOffer',
              lowPrice: toMajorText(ev.price_min, ev.currency),
              highPrice: toMajorText(ev.price_max ?? ev.price_min, ev.currency),
              priceCurrency: ev.currency,
              availability:
                ev.availability === 'SOLD_OUT' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
              url: `${appUrl}${ev.path}`,
            },
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The whole document: head (title, description, Open Graph, JSON-LD) and body, no script. */
export function organizerPageHtml(
  page: PublicOrganizerPage,
  { appUrl, ...options }: PageOptions & { appUrl: string },
): string {
  const { i18n } = options;
  const pageUrl = `${appUrl}/o/${page.slug}`;
  const description = (page.description ?? page.name).replace(/\s+/g, ' ').trim().slice(0, 300);
  // The organizer's cover, else the first upcoming event's.
  const image = page.cover
    ? (page.cover.variants.at(-1)?.url ?? page.cover.url)
    : page.upcoming.find((ev) => ev.cover_url)?.cover_url;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${e(value)}">`;
  return `<!doctype html><html lang="${e(i18n.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.name)}</title>
${meta('name', 'description', description)}
<link rel="canonical" href="${e(pageUrl)}">
${meta('property', 'og:type', 'website')}
${meta('property', 'og:title', page.name)}
${meta('property', 'og:description', description)}
${meta('property', 'og:url', pageUrl)}
${image ? meta('property', 'og:image', new URL(image, appUrl).href) : ''}
${meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary')}
<script type="application/ld+json">${jsonLd(page, { pageUrl, appUrl })}</script>
<style>${designCss(page.design)}${PAGE_CSS}</style></head><body>${organizerPageBody(page, options)}</body></html>`;
}
