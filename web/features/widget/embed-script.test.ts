import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AFFILIATE_CODE_PATTERN } from '../../../common/affiliate-link';
import { frameHeightOf, leavesWidget, WIDGET_MESSAGES } from './frame';

// `/widget.js` as served, run against a minimal stand-in of the embedding page's DOM: the
// script tag it finds as `document.currentScript`, and the iframe it creates.
const SOURCE = readFileSync('web/public/widget.js', 'utf8');
const TESSERA = 'https://tickets.example.org';

interface FakeFrame {
  src: string;
  title: string;
  style: Record<string, string>;
  attributes: Record<string, string>;
  contentWindow: object | null;
  isConnected: boolean;
  scrolled: number;
  top: number;
}

function embed(
  attributes: Record<string, string>,
  { scriptSrc = `${TESSERA}/widget.js`, inHead = false, pageSearch = '' } = {},
) {
  const inserted: FakeFrame[] = [];
  const appended: FakeFrame[] = [];
  const head = { name: 'head' };
  const listeners: ((event: unknown) => void)[] = [];
  const errors: unknown[] = [];
  const frameWindow = { name: 'the widget frame' };
  const script = {
    src: scriptSrc,
    getAttribute: (name: string) => attributes[name] ?? null,
    parentNode: inHead
      ? head
      : {
          insertBefore: (node: FakeFrame) => {
            node.isConnected = true;
            node.contentWindow = frameWindow;
            inserted.push(node);
          },
        },
    nextSibling: null,
  };
  const document = {
    currentScript: script,
    head,
    body: {
      appendChild: (node: FakeFrame) => {
        node.isConnected = true;
        node.contentWindow = frameWindow;
        appended.push(node);
      },
    },
    baseURI: 'https://organizer.example.com/concerts',
    createElement: (): FakeFrame & Record<string, unknown> => {
      const frame = {
        src: '',
        title: '',
        style: {} as Record<string, string>,
        attributes: {} as Record<string, string>,
        contentWindow: null,
        isConnected: false,
        scrolled: 0,
        top: 0,
        setAttribute(name: string, value: string) {
          frame.attributes[name] = value;
        },
        getBoundingClientRect: () => ({ top: frame.top }),
        scrollIntoView() {
          frame.scrolled += 1;
        },
      };
      return frame;
    },
  };
  const window = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'message') listeners.push(listener);
    },
    removeEventListener: (_type: string, listener: (event: unknown) => void) => {
      listeners.splice(listeners.indexOf(listener), 1);
    },
    console: { error: (...args: unknown[]) => errors.push(args) },
    location: { search: pageSearch },
  };
  vm.runInNewContext(SOURCE, { window, document, URL, URLSearchParams });
  const post = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const listener of [...listeners]) listener(event);
  };
  return { frame: inserted[0], appended, frameWindow, post, listeners, errors };
}

describe('/widget.js', () => {
  it('inserts an iframe of the widget page after itself, with the options as query parameters', () => {
    const { frame } = embed({
      'data-event-id': '42',
      'data-primary-color': '#ff5500',
      'data-button-text': 'Buy & go',
      'data-locale': 'de',
    });
    expect(frame).toBeDefined();
    const url = new URL(frame?.src ?? '');
    expect(url.origin).toBe(TESSERA);
    expect(url.pathname).toBe('/widget/42');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      primary_color: '#ff5500',
      button_text: 'Buy & go',
      locale: 'de',
    });
    expect(frame?.title).toBe('Tickets');
    expect(frame?.style.height).toBe('480px');
  });

  it('opens on one date of the event with data-date-id, and drops anything but an id', () => {
    const { frame } = embed({ 'data-event-id': '42', 'data-date-id': '901' });
    expect(new URL(frame?.src ?? '').searchParams.get('date')).toBe('901');
    const { frame: other } = embed({ 'data-event-id': '42', 'data-date-id': '9"><x' });
    expect(new URL(other?.src ?? '').searchParams.has('date')).toBe(false);
  });

  it('puts the widget at the end of the page when the tag sits in <head>', () => {
    const { frame, appended } = embed({ 'data-event-id': '42' }, { inHead: true });
    expect(frame).toBeUndefined();
    expect(appended).toHaveLength(1);
    expect(new URL(appended[0]?.src ?? '').pathname).toBe('/widget/42');
  });

  it('does nothing but say why when the event id is not a number', () => {
    const { frame, errors } = embed({ 'data-event-id': '42"><script>' });
    expect(frame).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('takes a height only from its own frame and from the Tessera origin it was loaded from', () => {
    const { frame, frameWindow, post } = embed({ 'data-event-id': '7' });
    const height = (value: unknown) => ({ type: WIDGET_MESSAGES.height, height: value });

    // Right origin, but another window (another frame of the same Tessera, the page itself).
    post({ origin: TESSERA, source: { other: true }, data: height(900) });
    post({ origin: TESSERA, source: null, data: height(900) });
    // Our frame's window, but another origin (the frame navigated elsewhere).
    post({ origin: 'https://evil.example', source: frameWindow, data: height(900) });
    post({ origin: 'https://organizer.example.com', source: frameWindow, data: height(900) });
    // Right sender, wrong content.
    for (const data of [
      height('900'),
      height(-5),
      height(Number.NaN),
      height(Number.POSITIVE_INFINITY),
      { type: 'other', height: 900 },
      '{"type":"tessera:widget-height","height":900}',
      null,
    ]) {
      post({ origin: TESSERA, source: frameWindow, data });
    }
    expect(frame?.style.height).toBe('480px');

    post({ origin: TESSERA, source: frameWindow, data: height(733.2) });
    expect(frame?.style.height).toBe('734px');
    // Kept within bounds.
    post({ origin: TESSERA, source: frameWindow, data: height(10) });
    expect(frame?.style.height).toBe('120px');
    post({ origin: TESSERA, source: frameWindow, data: height(1e9) });
    expect(frame?.style.height).toBe('20000px');
  });

  it('keeps a fixed height without auto-resize, and scrolls the frame into view on a new step', () => {
    const { frame, frameWindow, post } = embed({ 'data-event-id': '7', 'data-auto-resize': 'false' });
    expect(frame?.style.height).toBe('640px');
    post({ origin: TESSERA, source: frameWindow, data: { type: WIDGET_MESSAGES.height, height: 900 } });
    expect(frame?.style.height).toBe('640px');

    if (!frame) throw new Error('no frame');
    post({ origin: TESSERA, source: frameWindow, data: { type: WIDGET_MESSAGES.navigated } });
    expect(frame.scrolled).toBe(0);
    frame.top = -300;
    post({ origin: 'https://evil.example', source: frameWindow, data: { type: WIDGET_MESSAGES.navigated } });
    expect(frame.scrolled).toBe(0);
    post({ origin: TESSERA, source: frameWindow, data: { type: WIDGET_MESSAGES.navigated } });
    expect(frame.scrolled).toBe(1);
  });

  it("passes an affiliate code, from its tag or else from the page's address, and drops invalid ones", () => {
    const aff = (attributes: Record<string, string>, pageSearch = '') =>
      new URL(
        embed({ 'data-event-id': '42', ...attributes }, { pageSearch }).frame?.src ?? '',
      ).searchParams.get('aff');
    expect(aff({ 'data-affiliate-code': ' radio-fm ' })).toBe('radio-fm');
    expect(aff({}, '?utm_source=x&aff=Anna_2')).toBe('Anna_2');
    // The organizer's tag wins over a link to the page.
    expect(aff({ 'data-affiliate-code': 'TAG' }, '?aff=LINK')).toBe('TAG');
    expect(aff({ 'data-affiliate-code': '' }, '?aff=LINK')).toBe('LINK');
    expect(aff({})).toBeNull();
    expect(aff({}, '?aff=')).toBeNull();
    // The same rule as the widget page and the server: what is not a code never reaches the frame.
    for (const code of ['x', 'x'.repeat(40), 'x'.repeat(41), 'radio fm', '"><script>', 'ä-code', 'ab_-9Z']) {
      const expected = AFFILIATE_CODE_PATTERN.test(code) ? code : null;
      expect(aff({ 'data-affiliate-code': code }), code).toBe(expected);
      expect(aff({}, `?${new URLSearchParams({ aff: code })}`), code).toBe(expected);
    }
    expect(aff({ 'data-affiliate-code': 'bad code' }, '?aff=LINK')).toBeNull();
  });

  it("frames an organizer's list of events with data-organizer, with its own options only", () => {
    const { frame, frameWindow, post } = embed(
      {
        'data-organizer': 'Harbour-Club',
        'data-limit': '5',
        'data-past': 'true',
        'data-layout': 'compact',
        'data-primary-color': '#ff5500',
        'data-background-color': '#101820',
        'data-locale': 'fr',
        // The ticket widget's options mean nothing here.
        'data-button-text': 'Buy',
        'data-date-id': '901',
        'data-affiliate-code': 'radio-fm',
      },
      { pageSearch: '?aff=LINK' },
    );
    const url = new URL(frame?.src ?? '');
    expect(url.origin).toBe(TESSERA);
    expect(url.pathname).toBe('/widget/organizer/Harbour-Club');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '5',
      past: 'true',
      layout: 'compact',
      primary_color: '#ff5500',
      background_color: '#101820',
      locale: 'fr',
    });
    expect(frame?.title).toBe('Events');
    expect(frame?.attributes['data-tessera-widget']).toBe('Harbour-Club');
    // It resizes as the ticket widget does, from its own frame only.
    post({
      origin: 'https://evil.example',
      source: frameWindow,
      data: { type: WIDGET_MESSAGES.height, height: 900 },
    });
    expect(frame?.style.height).toBe('480px');
    post({ origin: TESSERA, source: frameWindow, data: { type: WIDGET_MESSAGES.height, height: 612 } });
    expect(frame?.style.height).toBe('612px');
  });

  it('does nothing but say why when the organizer address is not one', () => {
    for (const slug of ['../admin', 'a b', 'x"><script>', '-edge']) {
      const { frame, errors } = embed({ 'data-organizer': slug, 'data-event-id': '42' });
      expect(frame, slug).toBeUndefined();
      expect(errors, slug).toHaveLength(1);
    }
  });

  it('stops listening once its frame is gone from the page', () => {
    const { frame, frameWindow, post, listeners } = embed({ 'data-event-id': '7' });
    if (!frame) throw new Error('no frame');
    frame.isConnected = false;
    post({ origin: TESSERA, source: frameWindow, data: { type: WIDGET_MESSAGES.height, height: 900 } });
    expect(listeners).toHaveLength(0);
  });
});

describe('frameHeightOf, for the preview on the widget screen', () => {
  const frame = {} as Window;
  const expected = { origin: TESSERA, frame };
  const message = (origin: string, source: unknown, height: unknown) => ({
    origin,
    source: source as MessageEventSource,
    data: { type: WIDGET_MESSAGES.height, height },
  });

  it('obeys only its own frame at the expected origin', () => {
    expect(frameHeightOf(message(TESSERA, frame, 500.5), expected)).toBe(501);
    expect(frameHeightOf(message(TESSERA, {}, 500), expected)).toBeNull();
    expect(frameHeightOf(message('https://evil.example', frame, 500), expected)).toBeNull();
    expect(frameHeightOf(message(TESSERA, frame, '500'), expected)).toBeNull();
    expect(frameHeightOf(message(TESSERA, frame, 0), expected)).toBeNull();
    expect(frameHeightOf(message(TESSERA, null, 500), { origin: TESSERA, frame: null })).toBeNull();
  });
});

describe('leavesWidget', () => {
  const here = `${TESSERA}/widget/7/checkout/abc/summary`;
  it('keeps the pages of the widget in the frame and sends every other web page to a new tab', () => {
    expect(leavesWidget('/widget/7', here)).toBe(false);
    expect(leavesWidget(`${TESSERA}/widget/7/checkout/abc/details`, here)).toBe(false);
    expect(leavesWidget('/ticket/7/xyz', here)).toBe(true);
    expect(leavesWidget('/order/7/abc/print', here)).toBe(true);
    expect(leavesWidget('https://organizer.example.com/widget/7', here)).toBe(true);
    expect(leavesWidget('mailto:hello@example.com', here)).toBe(false);
  });
});
