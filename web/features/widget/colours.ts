import {
  AA_CONTRAST as AA,
  rgbContrast as contrast,
  parseHex as parse,
  type Rgb,
} from '../../../common/contrast';

/**
 * The widget's primary colour (an embed option, `#rrggbb`) as the CSS variables its buttons,
 * links and focus rings read (Mantine's, and those of the buyer's components of `web/ui`), set
 * on the widget's root element. Text stays readable
 * whatever the organizer picks: the label on a filled button is black or white, whichever
 * contrasts more, and coloured text on white is darkened until it reaches WCAG AA (4.5:1).
 */

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Mixes a colour towards another: 0 keeps it, 1 gives the other. */
const mix = (rgb: Rgb, other: Rgb, amount: number): Rgb =>
  rgb.map((c, i) => c + ((other[i] ?? 0) - c) * amount) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The colour darkened in small steps until it reads on white at 4.5:1 (black at worst). */
function readableOnWhite(rgb: Rgb): Rgb {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = mix(rgb, BLACK, amount);
    if (contrast(candidate, WHITE) >= AA) return candidate;
  }
  return BLACK;
}

/** The CSS variables for a primary colour, or an empty object for one that is not `#rrggbb`. */
export function primaryColourVariables(hex: string): Record<string, string> {
  const rgb = parse(hex);
  if (!rgb) return {};
  const filled = toHex(rgb);
  const hover = toHex(mix(rgb, BLACK, 0.12));
  const onFilled = contrast(rgb, WHITE) >= contrast(rgb, BLACK) ? '#ffffff' : '#000000';
  const text = toHex(readableOnWhite(rgb));
  const [r, g, b] = rgb.map(Math.round);
  const light = `rgba(${r}, ${g}, ${b}, 0.1)`;
  const lightHover = `rgba(${r}, ${g}, ${b}, 0.16)`;
  const shades = [0.9, 0.8, 0.6, 0.4, 0.2].map((amount) => toHex(mix(rgb, WHITE, amount)));
  const variables: Record<string, string> = {
    '--widget-on-primary': onFilled,
    '--mantine-color-anchor': text,
    // The buyer's components (web/ui): the ticket list and checkout.
    '--ui-primary': filled,
    '--ui-primary-hover': hover,
    '--ui-on-primary': onFilled,
    '--ui-primary-light': light,
    '--ui-primary-light-hover': lightHover,
    '--ui-primary-light-text': text,
    '--ui-accent': text,
  };
  // The theme's primary colour is `tessera` (web/theme.ts): components ask for it by name or as "primary".
  for (const name of ['--mantine-primary-color', '--mantine-color-tessera']) {
    Object.assign(variables, {
      [`${name}-filled`]: filled,
      [`${name}-filled-hover`]: hover,
      [`${name}-light`]: light,
      [`${name}-light-hover`]: lightHover,
      [`${name}-light-color`]: text,
      [`${name}-outline`]: text,
      [`${name}-outline-hover`]: light,
      ...Object.fromEntries(shades.map((shade, i) => [`${name}-${i}`, shade])),
      [`${name}-5`]: filled,
      [`${name}-6`]: filled,
      [`${name}-7`]: text,
      [`${name}-8`]: toHex(mix(readableOnWhite(rgb), BLACK, 0.15)),
      [`${name}-9`]: toHex(mix(readableOnWhite(rgb), BLACK, 0.3)),
    });
  }
  return variables;
}

/**
 * Mantine writes a filled button's text colour on the button itself (white); the widget's
 * root says which of black or white reads on the chosen colour. A button without a variant
 * is filled, and carries no `data-variant`.
 */
export const WIDGET_BUTTON_CSS =
  "[data-tessera-widget][data-primary] .mantine-Button-root:is([data-variant='filled'],:not([data-variant])):not(:disabled):not([data-disabled]){--button-color:var(--widget-on-primary)!important}";
