import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../common/contrast';
import { DESIGN_DEFAULTS } from '../../../common/design';
import { designOf, designVariables, mix } from './design';

describe('event design', () => {
  it('takes valid colours in lower case and the default for anything half-typed', () => {
    const design = designOf({
      homepage_primary_color: '#B4232A',
      homepage_text_color: '#12',
      homepage_background_color: null,
    });
    expect(design.homepage_primary_color).toBe('#b4232a');
    expect(design.homepage_text_color).toBe(DESIGN_DEFAULTS.homepage_text_color);
    expect(design.homepage_background_color).toBe(DESIGN_DEFAULTS.homepage_background_color);
  });

  it('mixes colours channel by channel', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 1)).toBe('#ff0000');
  });

  it('gives buttons the primary colour with the content background as label', () => {
    const vars = designVariables(designOf({ homepage_primary_color: '#b4232a' }));
    expect(vars['--event-primary']).toBe('#b4232a');
    expect(vars['--mantine-primary-color-filled']).toBe('#b4232a');
    expect(vars['--event-on-primary']).toBe(DESIGN_DEFAULTS.homepage_content_background_color);
  });

  it('keeps quiet text readable on the cards and on the page, for light and dark designs', () => {
    const dark = {
      homepage_background_color: '#0f1020',
      homepage_content_background_color: '#1b1d33',
      homepage_primary_color: '#ffd27a',
      homepage_secondary_color: '#8fd3c1',
      homepage_text_color: '#f3f3f7',
    };
    for (const design of [DESIGN_DEFAULTS, dark]) {
      const vars = designVariables(designOf(design));
      const muted = vars['--event-muted'] ?? '';
      expect(muted).not.toBe(design.homepage_text_color);
      expect(contrastRatio(muted, design.homepage_content_background_color)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(muted, design.homepage_background_color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps error text readable on the cards and on the alerts’ tint, for light, mid and dark designs', () => {
    const surfaces = ['#ffffff', '#fff4e6', '#ffd6d6', '#808080', '#e03131', '#1b1d33', '#000000'];
    for (const surface of surfaces) {
      const vars = designVariables(designOf({ homepage_content_background_color: surface }));
      const error = vars['--event-error'] ?? '';
      for (const name of [
        '--mantine-color-error',
        '--mantine-color-red-8',
        '--mantine-color-red-light-color',
      ]) {
        expect(vars[name], `${name} on ${surface}`).toBe(error);
      }
      expect(contrastRatio(error, surface), surface).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(error, vars['--mantine-color-red-light'] ?? ''), surface).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    // Still a red where a red can read: darker on white, lighter on a dark card.
    const onWhite = designVariables(designOf({}))['--event-error'] ?? '';
    expect(onWhite).toMatch(/^#[a-f0-9]{6}$/);
    expect(onWhite.slice(1, 3) > onWhite.slice(3, 5)).toBe(true);
    const onDark = designVariables(designOf({ homepage_content_background_color: '#1b1d33' }))[
      '--event-error'
    ];
    expect(contrastRatio(onDark ?? '', '#ffffff')).toBeLessThan(contrastRatio(onWhite, '#ffffff') ?? 0);
  });
});
