/**
 * Colours of the seat map that keep WCAG 1.4.11 (3:1 for graphics) on the map's white ground:
 * a category colour too light gets a dark outline, marks on a seat take black or white,
 * whichever stands out more.
 */
export const MAP_BACKGROUND = '#ffffff';
export const MAP_INK = '#212529';
export const TAKEN_FILL = '#dee2e6';
export const TAKEN_INK = '#495057';
export const INACTIVE_FILL = '#f1f3f5';
export const INACTIVE_INK = '#868e96';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rgb` or `#rrggbb` colour; 1 (white) for anything else. */
export function luminance(color: string): number {
  let hex = color.trim().replace('#', '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return 1;
  const n = Number.parseInt(hex, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The outline a seat of this fill needs to stand out from the map's ground, if any. */
export function outlineFor(fill: string): string | undefined {
  return contrast(fill, MAP_BACKGROUND) < 3 ? MAP_INK : undefined;
}

/** Black or white, whichever contrasts more with the fill. */
export function inkOn(fill: string): string {
  return contrast(fill, '#000000') >= contrast(fill, '#ffffff') ? '#000000' : '#ffffff';
}
