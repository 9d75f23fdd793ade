import Bowser from 'bowser';

/** What a browser's user agent says about it, for the sessions list and a new passkey's name. */
export interface ClientDescription {
  /** "Chrome 140", or null when the agent names no browser we know. */
  browser: string | null;
  /** "iPhone (iOS 17.0)", "Linux", or null. */
  device: string | null;
}

export function describeUserAgent(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { browser: null, device: null };
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') : null;
  const model = parsed.platform.model ?? null;
  const device = model && os ? `${model} (${os})` : (model ?? os);
  return { browser, device };
}

/** A short name for a passkey added from this browser: "Chrome on Linux", else "Passkey". */
export function passkeyNameFrom(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Passkey';
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name || null;
  const where = parsed.platform.model || parsed.os.name || null;
  if (browser && where) return `${browser} on ${where}`;
  return browser ?? where ?? 'Passkey';
}
