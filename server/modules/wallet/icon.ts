import { DESIGN_DEFAULTS } from '../../../common/design';

/**
 * The pass icon (lock screen, notifications): a ticket with notched sides on Tessera's indigo,
 * drawn here and rendered at the three sizes Wallet asks for.
 */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="87" height="87" viewBox="0 0 87 87">
  <rect width="87" height="87" rx="18" fill="${DESIGN_DEFAULTS.homepage_primary_color}"/>
  <path fill="#ffffff" d="M14 25h59v13a6 6 0 0 0 0 11v13H14V49a6 6 0 0 0 0-11z"/>
  <path stroke="${DESIGN_DEFAULTS.homepage_primary_color}" stroke-width="3" stroke-dasharray="4 4" d="M52 28v31"/>
</svg>`;

const SIZES = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87 } as const;

let icons: Promise<Record<string, Buffer>> | undefined;

/** The icon files of a pass, rendered once per process (sharp is loaded then, not at start). */
export function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= import('sharp').then(({ default: sharp }) =>
    Promise.all(
      Object.entries(SIZES).map(async ([name, size]) => {
        const png = await sharp(Buffer.from(ICON_SVG), { density: (72 * size) / 87 })
          .resize(size, size)
          .png()
          .toBuffer();
        return [name, png] as const;
      }),
    ).then(Object.fromEntries),
  );
  return icons;
}

/** Wallet's logo box at each scale: at most 160 × 50 points, left of `logoText` on the pass. */
const LOGO_SIZES = {
  'logo.png': { width: 160, height: 50 },
  'logo@2x.png': { width: 320, height: 100 },
  'logo@3x.png': { width: 480, height: 150 },
} as const;

/** The event's logo (its PNG copy) as the pass's logo files, fitted into Wallet's box at each scale. */
export async function passLogos(png: Buffer): Promise<Record<string, Buffer>> {
  const { default: sharp } = await import('sharp');
  const files = await Promise.all(
    Object.entries(LOGO_SIZES).map(async ([name, box]) => {
      const file = await sharp(png)
        .resize({ ...box, fit: 'inside' })
        .png()
        .toBuffer();
      return [name, file] as const;
    }),
  );
  return Object.fromEntries(files);
}
