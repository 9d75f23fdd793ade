import { describe, expect, it } from 'vitest';
import { rgbContrast as contrast } from '../../../common/contrast';
import { primaryColourVariables } from './colours';

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('the widget primary colour', () => {
  it('paints buttons in the colour with a label that reads on it', () => {
    const dark = primaryColourVariables('#1A5E20');
    expect(dark['--mantine-color-tessera-filled']).toBe('#1a5e20');
    expect(dark['--mantine-primary-color-filled']).toBe('#1a5e20');
    expect(dark['--widget-on-primary']).toBe('#ffffff');
    expect(primaryColourVariables('#ffd43b')['--widget-on-primary']).toBe('#000000');
  });

  it('darkens coloured text until it reaches 4.5:1 on white, and leaves dark colours alone', () => {
    for (const hex of ['#ffd43b', '#74c0fc', '#ff8787', '#ffffff', '#3b3fb6', '#000000']) {
      const text = primaryColourVariables(hex)['--mantine-color-anchor'] ?? '';
      expect(contrast(rgb(text), [255, 255, 255]), hex).toBeGreaterThanOrEqual(4.5);
    }
    expect(primaryColourVariables('#3b3fb6')['--mantine-color-anchor']).toBe('#3b3fb6');
  });

  it('sets nothing for a value that is not #rrggbb', () => {
    for (const value of ['red', '#fff', 'url(x)', '#12345g', '']) {
      expect(primaryColourVariables(value), value).toEqual({});
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrast(rgb('#777777'), [255, 255, 255])).toBeCloseTo(4.48, 2);
  });
});
