import { z } from 'zod';
import { contrastRatio, passesAA } from './contrast';
import { IMAGE_RULES } from './images';
import { hexColor } from './validators';

/**
 * An organizer's homepage design (decision 061): the same five colours as an event page's
 * design (`common/design.ts`, decision 023) and a font from a fixed list of the system's own
 * stacks, so the page downloads no font.
 */
export const ORGANIZER_DESIGN_DEFAULTS = {
  background_color: '#f1f2f7',
  content_background_color: '#ffffff',
  primary_color: '#3b3fb6',
  secondary_color: '#0c6b58',
  text_color: '#1f2133',
  font: 'system',
} as const;

/** The fonts an organizer may choose: each a stack of fonts the visitor's system already has. */
export const ORGANIZER_FONTS = ['system', 'humanist', 'serif', 'rounded', 'monospace'] as const;
export type OrganizerFont = (typeof ORGANIZER_FONTS)[number];

/** The CSS `font-family` of each font; plain names, safe to write into the page's style. */
export const FONT_STACKS: Record<OrganizerFont, string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  humanist: 'Seravek,"Gill Sans Nova",Ubuntu,Calibri,"DejaVu Sans",source-sans-pro,sans-serif',
  serif: 'Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,"Times New Roman",serif',
  rounded:
    'ui-rounded,"Hiragino Maru Gothic ProN",Quicksand,Comfortaa,Manjari,"Arial Rounded MT","Arial Rounded MT Bold",Calibri,source-sans-pro,sans-serif',
  monospace: 'ui-monospace,"Cascadia Code","Source Code Pro",Menlo,Consolas,"DejaVu Sans Mono",monospace',
};

export const ORGANIZER_COLOR_FIELDS = [
  'background_color',
  'content_background_color',
  'primary_color',
  'secondary_color',
  'text_color',
] as const;
export type OrganizerColorField = (typeof ORGANIZER_COLOR_FIELDS)[number];

/** The design as stored and answered: every field, defaults filled in. */
export const OrganizerDesign = z
  .object({
    /** Around the content. */
    background_color: z.string(),
    /** Cards, and the buttons' label. */
    content_background_color: z.string(),
    /** Buttons and the header. */
    primary_color: z.string(),
    /** Links. */
    secondary_color: z.string(),
    /** Titles and text. */
    text_color: z.string(),
    font: z.enum(ORGANIZER_FONTS),
  })
  .meta({ id: 'OrganizerDesign' });
export type OrganizerDesign = z.infer<typeof OrganizerDesign>;

/** The design in `PUT /api/organizers/{id}` and the preview: any of its fields, merged (decision 013). */
export const OrganizerDesignPatch = z
  .strictObject({
    background_color: hexColor().optional(),
    content_background_color: hexColor().optional(),
    primary_color: hexColor().optional(),
    secondary_color: hexColor().optional(),
    text_color: hexColor().optional(),
    font: z.enum(ORGANIZER_FONTS).optional(),
  })
  .meta({ id: 'OrganizerDesignPatch' });
export type OrganizerDesignPatch = z.input<typeof OrganizerDesignPatch>;

/** A stored (maybe partial, maybe older) design with the defaults filled in; unknown values fall back. */
export function organizerDesignOf(
  stored: Partial<Record<string, unknown>> | null | undefined,
): OrganizerDesign {
  const design: OrganizerDesign = { ...ORGANIZER_DESIGN_DEFAULTS };
  for (const field of ORGANIZER_COLOR_FIELDS) {
    const value = stored?.[field];
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) design[field] = value.toLowerCase();
  }
  const font = stored?.font;
  if (typeof font === 'string' && (ORGANIZER_FONTS as readonly string[]).includes(font))
    design.font = font as OrganizerFont;
  return design;
}

export type OrganizerContrastPair =
  | 'text_on_page'
  | 'text_on_content'
  | 'button_on_primary'
  | 'links_on_content';

/**
 * The colour pairs the homepage draws text with that fail WCAG AA (4.5:1), as the event
 * designer checks them: text on the page and on the cards, the buttons' and header's label
 * (the content background) on the primary colour, links (secondary) on the cards.
 */
export function organizerContrastProblems(
  design: OrganizerDesign,
): { pair: OrganizerContrastPair; ratio: number }[] {
  const pairs: [OrganizerContrastPair, string, string][] = [
    ['text_on_page', design.text_color, design.background_color],
    ['text_on_content', design.text_color, design.content_background_color],
    ['button_on_primary', design.content_background_color, design.primary_color],
    ['links_on_content', design.secondary_color, design.content_background_color],
  ];
  return pairs
    .filter(([, fg, bg]) => !passesAA(fg, bg))
    .map(([pair, fg, bg]) => ({ pair, ratio: contrastRatio(fg, bg) ?? 1 }));
}

/** An organizer's logo and cover: their types, and the same size rules as an event's. */
export const ORGANIZER_IMAGE_TYPES = ['ORGANIZER_LOGO', 'ORGANIZER_COVER'] as const;
export type OrganizerImageType = (typeof ORGANIZER_IMAGE_TYPES)[number];
export const OrganizerImageTypeField = z.enum(ORGANIZER_IMAGE_TYPES);

export const ORGANIZER_IMAGE_RULES: Record<OrganizerImageType, (typeof IMAGE_RULES)['EVENT_COVER']> = {
  ORGANIZER_LOGO: IMAGE_RULES.EVENT_LOGO,
  ORGANIZER_COVER: IMAGE_RULES.EVENT_COVER,
};

export const OrganizerImageResponse = z
  .object({
    id: z.number().int(),
    type: z.enum(ORGANIZER_IMAGE_TYPES),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'OrganizerImage' });
export type OrganizerImageResponse = z.infer<typeof OrganizerImageResponse>;

/** An image of the homepage as the public page's JSON gives it: its file, size and WebP widths. */
export const PublicOrganizerImage = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
  })
  .meta({ id: 'PublicOrganizerImage' });
export type PublicOrganizerImage = z.infer<typeof PublicOrganizerImage>;

/** `POST /api/organizers/{id}/homepage-preview`: the design not saved yet. */
export const OrganizerHomepagePreviewRequest = z
  .strictObject({ design: OrganizerDesignPatch })
  .meta({ id: 'OrganizerHomepagePreviewRequest' });
export type OrganizerHomepagePreviewRequest = z.input<typeof OrganizerHomepagePreviewRequest>;
