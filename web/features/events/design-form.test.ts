import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_DEFAULTS, EVENT_SETTING_DEFAULTS } from '../../../common/events';
import { messages as en } from '../../../common/locales/en/messages';
import {
  contrastProblems,
  DEFAULT_DESIGN_VALUES,
  toDesignValues,
  toSettingsPatch,
  validateDesign,
} from './design-form';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('homepage designer form', () => {
  it('round-trips the settings and sends an empty button label as null', () => {
    const values = toDesignValues({ ...EVENT_SETTING_DEFAULTS, continue_button_text: 'Book now' });
    expect(values.continue_button_text).toBe('Book now');
    expect(toSettingsPatch({ ...values, continue_button_text: '  ' }).continue_button_text).toBeNull();
    expect(toSettingsPatch(DEFAULT_DESIGN_VALUES)).toMatchObject(DESIGN_DEFAULTS);
  });

  it('checks colours with the shared schema', () => {
    expect(validateDesign(DEFAULT_DESIGN_VALUES)).toEqual({});
    const errors = validateDesign({ ...DEFAULT_DESIGN_VALUES, homepage_primary_color: '#12' });
    expect(Object.keys(errors)).toEqual(['homepage_primary_color']);
  });

  it('passes the default design and names each pair that falls below 4.5:1', () => {
    expect(contrastProblems(DESIGN_DEFAULTS)).toEqual([]);
    const pale = contrastProblems({
      ...DESIGN_DEFAULTS,
      homepage_text_color: '#bbbbbb',
      homepage_primary_color: '#ffee00',
    });
    expect(pale.map((p) => p.pair)).toEqual(['text_on_page', 'text_on_content', 'button_on_primary']);
    for (const problem of pale) expect(problem.ratio).toBeLessThan(4.5);
  });
});
