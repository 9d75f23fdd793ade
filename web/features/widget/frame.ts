/**
 * What the widget page and the pages that frame it say to each other with `postMessage`
 * (decision 022). `/widget.js` (web/public/widget.js, plain JavaScript) reads the same two
 * messages; `embed-script.test.ts` holds both sides to these names.
 */
export const WIDGET_MESSAGES = {
  /** `{ type, height }`: the widget's content is this many CSS pixels tall. */
  height: 'tessera:widget-height',
  /** `{ type }`: the widget moved to another step, whose top the buyer should see. */
  navigated: 'tessera:widget-navigated',
} as const;

export const WIDGET_PATH_PREFIX = '/widget/';

/**
 * The height a framed widget asks for, or null when the message is not one to obey: it must
 * come from the expected origin AND from the very window of our frame (another frame of the
 * same Tessera, or any other window, is ignored), and carry a positive finite height.
 */
export function frameHeightOf(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; frame: Window | null | undefined },
): number | null {
  if (event.origin !== expected.origin || !expected.frame || event.source !== expected.frame) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== WIDGET_MESSAGES.height || typeof height !== 'number') return null;
  return Number.isFinite(height) && height > 0 ? Math.ceil(height) : null;
}

/**
 * Whether following a link inside the widget would leave it: another site, or a page of
 * Tessera other than the widget's (which refuses to be framed by other sites). Such links
 * open in a new tab instead. `mailto:` and other non-web links are left to the browser.
 */
export function leavesWidget(href: string, current: string): boolean {
  let url: URL;
  try {
    url = new URL(href, current);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== new URL(current).origin || !url.pathname.startsWith(WIDGET_PATH_PREFIX);
}
