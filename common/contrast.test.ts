import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, parseHex, passesAA, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('reads #rrggbb in any case and refuses anything else', () => {
    expect(parseHex('#FFffFF')).toEqual([255, 255, 255]);
    expect(parseHex('#1a2b3c')).toEqual([26, 43, 60]);
    for (const bad of ['#fff', 'ffffff', '#gggggg', '#ffffff0', 'red', '']) expect(parseHex(bad)).toBeNull();
  });

  it('gives the luminance of black, white and mid grey', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    // sRGB 0x77 = 119 → ((119/255 + 0.055) / 1.055) ** 2.4
    expect(relativeLuminance('#777777')).toBeCloseTo(0.184, 3);
  });

  it('gives 21:1 for black on white, 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#3b3fb6', '#3b3fb6')).toBe(1);
    expect(contrastRatio('#nothex', '#ffffff')).toBeNull();
  });

  it('matches known ratios around the AA threshold', () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(passesAA('#767676', '#ffffff')).toBe(true);
    expect(passesAA('#777777', '#ffffff')).toBe(false);
    expect(passesAA('#ffff00', '#ffffff')).toBe(false);
    expect(passesAA('#bad', '#ffffff')).toBe(false);
    expect(AA_CONTRAST).toBe(4.5);
  });
});
