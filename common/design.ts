/**
 * The event page's colours out of the box (decision 023): white cards on a cool grey, Tessera's
 * indigo for buttons, a deep teal for links. Kept apart from `events.ts` (and its zod) so the
 * buyer's page can theme itself without downloading the schemas.
 */
export const DESIGN_DEFAULTS = {
  homepage_background_color: '#f1f2f7',
  homepage_content_background_color: '#ffffff',
  homepage_primary_color: '#3b3fb6',
  homepage_secondary_color: '#0c6b58',
  homepage_text_color: '#1f2133',
} as const;

export const DESIGN_FIELDS = Object.keys(DESIGN_DEFAULTS) as (keyof typeof DESIGN_DEFAULTS)[];
