/**
 * Colour contrast as WCAG 2.2 defines it (relative luminance, contrast ratio), for the event
 * page's design: the designer warns when text would be hard to read. Colours are `#rrggbb`.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Red, green and blue from 0 to 255. */
export type Rgb = [number, number, number];

/** `#rrggbb` (any case) as red, green and blue from 0 to 255; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  return [
    Number.parseInt(match[1] ?? '', 16),
    Number.parseInt(match[2] ?? '', 16),
    Number.parseInt(match[3] ?? '', 16),
  ];
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of red, green and blue, 0 (black) to 1 (white). */
export function rgbLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map(channel) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours given as red, green and blue, 1 to 21. */
export function rgbContrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [rgbLuminance(a), rgbLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number | null {
  const rgb = parseHex(hex);
  return rgb ? rgbLuminance(rgb) : null;
}

/** The contrast ratio of two colours, 1 to 21 (order does not matter); null if one is not `#rrggbb`. */
export function contrastRatio(a: string, b: string): number | null {
  const ra = parseHex(a);
  const rb = parseHex(b);
  return ra && rb ? rgbContrast(ra, rb) : null;
}

/** Whether two colours pass WCAG AA for normal text (4.5:1). Unreadable colours do not pass. */
export function passesAA(foreground: string, background: string): boolean {
  const ratio = contrastRatio(foreground, background);
  return ratio !== null && ratio >= AA_CONTRAST;
}
