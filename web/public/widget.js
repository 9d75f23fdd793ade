/*
 * Tessera ticket widget (decision 022). Paste where the tickets should appear:
 *
 *   <script src="https://TESSERA_HOST/widget.js" data-event-id="123" async></script>
 *
 * Options, as data attributes: data-primary-color="#rrggbb", data-button-text="Buy now",
 * data-locale="de" (en, de, fr, pt, pt-BR, es, zh-CN), data-date-id="…" (one date of an event
 * that has several), data-auto-resize="false" (a fixed
 * height that scrolls, instead of following the content), data-title (the frame's name for
 * screen readers), data-affiliate-code="CODE" (orders made in the widget are credited to the
 * event's affiliate with that code; without the attribute, the `?aff=CODE` of an affiliate link
 * to the page the widget is on counts instead; an invalid code is dropped). The script inserts
 * an iframe of the widget page right after itself (at the end of the page when it sits in
 * <head>). With auto-resize, the page inside posts its height, and the frame takes it: only
 * from a message sent by that very frame's window, from the Tessera origin this script was
 * loaded from.
 *
 * An organizer's list of events instead (decision 062):
 *
 *   <script src="https://TESSERA_HOST/widget.js" data-organizer="my-club" async></script>
 *
 * with data-limit="10" (1 to 50), data-past="true", data-layout="compact",
 * data-primary-color, data-background-color="#rrggbb" and data-locale; each event opens in a
 * new tab. Auto-resize and data-title as above.
 * Plain JavaScript without dependencies or a build step; the page checks every option again.
 */
((window, document) => {
  const HEIGHT_MESSAGE = 'tessera:widget-height';
  const NAVIGATED_MESSAGE = 'tessera:widget-navigated';
  const FIRST_HEIGHT = 480;
  const FIXED_HEIGHT = 640;
  // An affiliate's code, as `AFFILIATE_CODE_PATTERN` in common/affiliate-link.ts.
  const AFFILIATE_CODE = /^[A-Za-z0-9_-]{2,40}$/;
  const MIN_HEIGHT = 120;
  const MAX_HEIGHT = 20000;
  const OPTIONS = [
    ['data-primary-color', 'primary_color'],
    ['data-button-text', 'button_text'],
    ['data-locale', 'locale'],
  ];

  // The options of an organizer's list of events, as `widget-options.ts` on the server reads them.
  const ORGANIZER_OPTIONS = [
    ['data-limit', 'limit'],
    ['data-past', 'past'],
    ['data-layout', 'layout'],
    ['data-primary-color', 'primary_color'],
    ['data-background-color', 'background_color'],
    ['data-locale', 'locale'],
  ];

  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src, document.baseURI).origin;
  const organizer = (script.getAttribute('data-organizer') || '').trim();
  const eventId = (script.getAttribute('data-event-id') || '').trim();
  // An organizer's address, as `ORGANIZER_SLUG_PATTERN` in common/organizers.ts.
  if (organizer && !/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(organizer)) {
    window.console?.error('Tessera widget: data-organizer must be the address of the organizer.');
    return;
  }
  if (!organizer && !/^[0-9]{1,15}$/.test(eventId)) {
    window.console?.error('Tessera widget: data-event-id must be the number of the event.');
    return;
  }

  const url = new URL(organizer ? `/widget/organizer/${organizer}` : `/widget/${eventId}`, origin);
  for (const [attribute, parameter] of organizer ? ORGANIZER_OPTIONS : OPTIONS) {
    const value = script.getAttribute(attribute);
    if (value) url.searchParams.set(parameter, value);
  }
  // The tag's code, else the one of an affiliate link to this page; anything else is dropped.
  const affiliateCode = (
    script.getAttribute('data-affiliate-code') ||
    new URLSearchParams(window.location?.search || '').get('aff') ||
    ''
  ).trim();
  if (!organizer && AFFILIATE_CODE.test(affiliateCode)) url.searchParams.set('aff', affiliateCode);
  // One date of an event that has several (data-date-id="…"): the widget opens on it.
  const dateId = (script.getAttribute('data-date-id') || '').trim();
  if (!organizer && /^[1-9][0-9]{0,14}$/.test(dateId)) url.searchParams.set('date', dateId);
  const autoResize = !/^(false|off|no|0)$/i.test((script.getAttribute('data-auto-resize') || '').trim());

  const frame = document.createElement('iframe');
  frame.src = url.href;
  frame.title = script.getAttribute('data-title') || (organizer ? 'Events' : 'Tickets');
  frame.setAttribute('data-tessera-widget', organizer || eventId);
  frame.style.display = 'block';
  frame.style.width = '100%';
  frame.style.border = '0';
  frame.style.height = `${autoResize ? FIRST_HEIGHT : FIXED_HEIGHT}px`;
  // Right after the script tag; a tag in <head> puts the widget at the end of the page instead.
  const inBody = script.parentNode && script.parentNode !== document.head;
  const place = () =>
    inBody ? script.parentNode.insertBefore(frame, script.nextSibling) : document.body.appendChild(frame);
  if (inBody || document.body) place();
  else document.addEventListener('DOMContentLoaded', place);

  const onMessage = (event) => {
    if (!frame.isConnected) {
      window.removeEventListener('message', onMessage);
      return;
    }
    // Only our own frame, showing a page of the Tessera that served this script.
    if (event.origin !== origin || !frame.contentWindow || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === HEIGHT_MESSAGE && autoResize) {
      const height = data.height;
      if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return;
      frame.style.height = `${Math.min(Math.max(Math.ceil(height), MIN_HEIGHT), MAX_HEIGHT)}px`;
    } else if (data.type === NAVIGATED_MESSAGE && frame.getBoundingClientRect().top < 0) {
      // A new step starts at its top: bring the frame's top into view when it was scrolled past.
      frame.scrollIntoView();
    }
  };
  window.addEventListener('message', onMessage);
})(window, document);
