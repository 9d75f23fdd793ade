import { AA_CONTRAST, contrastRatio, parseHex } from '../../../common/contrast';
import { DESIGN_DEFAULTS, DESIGN_FIELDS } from '../../../common/design';

/**
 * The event page's theme (decision 023): the organizer's five colours as CSS custom
 * properties on one element, which the buyer's components (`web/ui/base.css`) read, and the
 * rules that make Mantine's components inside it take them too. The public page, checkout,
 * the designer's preview and the waiting list's page theme themselves with `designVariables`
 * under `DESIGN_ATTRIBUTE`; this file has no React and no dependency besides `common/`, so any
 * of them can import it cheaply.
 */
export type EventDesign = { -readonly [K in keyof typeof DESIGN_DEFAULTS]: string };

/** The attribute that marks a themed element; `DESIGN_CSS` only applies under it. */
export const DESIGN_ATTRIBUTE = 'data-event-design';

/** The design from (possibly partial or half-typed) settings: a colour that is not `#rrggbb` takes its default. */
export function designOf(
  settings: Partial<Record<keyof EventDesign, string | null | undefined>>,
): EventDesign {
  const design = { ...DESIGN_DEFAULTS } as EventDesign;
  for (const field of DESIGN_FIELDS) {
    const value = settings[field]?.trim();
    if (value && parseHex(value)) design[field] = value.toLowerCase();
  }
  return design;
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `a` mixed into `b`: weight 1 is `a`, 0 is `b` (both `#rrggbb`). */
export function mix(a: string, b: string, weight: number): string {
  const x = parseHex(a) ?? [0, 0, 0];
  const y = parseHex(b) ?? [0, 0, 0];
  return hex(x.map((c, i) => c * weight + (y[i] ?? 0) * (1 - weight)));
}

/**
 * Quieter text (dates' details, hints): the text colour mixed into the surface as far as it
 * still reads at 4.5:1 on every background given, or the text colour itself when even that
 * does not.
 */
function mutedOn(text: string, surface: string, backgrounds: string[]): string {
  for (let weight = 0.62; weight < 1; weight += 0.04) {
    const candidate = mix(text, surface, weight);
    if (backgrounds.every((bg) => (contrastRatio(candidate, bg) ?? 0) >= AA_CONTRAST)) return candidate;
  }
  return text;
}

/** Mantine's red 8, the app's error colour, where the design lets it read. */
const ERROR_RED = '#e03131';

/**
 * Error text (field errors, the promo code's, alerts): the app's red, darkened on a light
 * surface or lightened on a dark one just as far as it reads at 4.5:1 on every background given.
 */
export function errorOn(surface: string, backgrounds: string[]): string {
  const towards =
    (contrastRatio('#000000', surface) ?? 0) >= (contrastRatio('#ffffff', surface) ?? 0)
      ? '#000000'
      : '#ffffff';
  for (let weight = 1; weight > 0; weight -= 0.05) {
    const candidate = mix(ERROR_RED, towards, weight);
    if (backgrounds.every((bg) => (contrastRatio(candidate, bg) ?? 0) >= AA_CONTRAST)) return candidate;
  }
  return towards;
}

/** The CSS custom properties of a design, for an element's `style`. */
export function designVariables(design: EventDesign): Record<string, string> {
  const {
    homepage_background_color: page,
    homepage_content_background_color: surface,
    homepage_primary_color: primary,
    homepage_secondary_color: accent,
    homepage_text_color: text,
  } = design;
  // Quiet text may sit on the cards or on the page around them (checkout's header).
  const muted = mutedOn(text, surface, [surface, page]);
  const border = mix(text, surface, 0.16);
  const primaryHover = mix(primary, text === surface ? '#000000' : text, 0.85);
  const light = mix(primary, surface, 0.1);
  const lightText = (contrastRatio(primary, light) ?? 0) >= AA_CONTRAST ? primary : text;
  // Alerts sit on a tint of the red; errors under fields on the cards.
  const errorLight = mix(ERROR_RED, surface, 0.1);
  const error = errorOn(surface, [surface, errorLight]);
  return {
    '--event-page': page,
    '--event-surface': surface,
    '--event-primary': primary,
    '--event-primary-hover': primaryHover,
    '--event-on-primary': surface,
    '--event-accent': accent,
    '--event-text': text,
    '--event-muted': muted,
    '--event-border': border,
    '--event-page-muted': mutedOn(text, page, [page]),
    '--event-error': error,
    '--event-error-light': errorLight,
    '--event-input-border': mix(text, surface, 0.3),
    '--event-hover': mix(text, surface, 0.06),
    '--event-primary-light': light,
    '--event-primary-light-hover': mix(primary, surface, 0.16),
    '--event-primary-light-text': lightText,
    // Mantine's own variables, so its components inside take the design.
    '--mantine-color-body': surface,
    '--mantine-color-text': text,
    '--mantine-color-dimmed': muted,
    '--mantine-color-placeholder': muted,
    '--mantine-color-anchor': accent,
    '--mantine-color-default': surface,
    '--mantine-color-default-hover': mix(text, surface, 0.06),
    '--mantine-color-default-color': text,
    '--mantine-color-default-border': mix(text, surface, 0.3),
    '--mantine-color-gray-3': border,
    '--mantine-color-gray-4': mix(text, surface, 0.45),
    '--mantine-color-gray-7': muted,
    '--mantine-color-blue-9': accent,
    '--mantine-primary-color-filled': primary,
    '--mantine-primary-color-filled-hover': primaryHover,
    '--mantine-primary-color-light': light,
    '--mantine-primary-color-light-hover': mix(primary, surface, 0.16),
    '--mantine-primary-color-light-color': lightText,
    '--mantine-color-tessera-filled': primary,
    '--mantine-color-tessera-filled-hover': primaryHover,
    '--mantine-color-tessera-light': light,
    '--mantine-color-tessera-light-hover': mix(primary, surface, 0.16),
    '--mantine-color-tessera-light-color': lightText,
    '--mantine-color-tessera-outline': primary,
    // Errors: Mantine's inputs use `error`; our texts `red.8`, the promo code's border `red.7`.
    '--mantine-color-error': error,
    '--mantine-color-red-7': error,
    '--mantine-color-red-8': error,
    '--mantine-color-red-light': errorLight,
    '--mantine-color-red-light-hover': mix(ERROR_RED, surface, 0.16),
    '--mantine-color-red-light-color': error,
    '--mantine-color-red-text': error,
  };
}

/**
 * Rules for Mantine's components inside the themed element (`MantineInEventTheme`). Filled buttons get their colours with `!important` because
 * Mantine writes `--button-color` on each button's own `style`; a button given a colour of its
 * own (a red "Cancel order") writes `--button-bg` there too, and keeps it.
 */
export const DESIGN_CSS = `
[${DESIGN_ATTRIBUTE}] :is(.mantine-Button-root:not([data-variant]),.mantine-Button-root[data-variant=filled],.mantine-ActionIcon-root[data-variant=filled]):not(:disabled,[data-disabled],[style*="--button-bg"],[style*="--ai-bg"]){--button-bg:var(--event-primary)!important;--button-hover:var(--event-primary-hover)!important;--button-color:var(--event-on-primary)!important;--ai-bg:var(--event-primary)!important;--ai-hover:var(--event-primary-hover)!important;--ai-color:var(--event-on-primary)!important}
`;
