import { describe, expect, it } from 'vitest';
import { ADDRESS_MAIN_LINES, addressLinesNeeded, answerProblem, isCalendarDate } from './answers';

const q = (type: Parameters<typeof answerProblem>[0]['type'], required = false, options: string[] = []) => ({
  id: 1,
  type,
  required,
  options,
});

describe('answers', () => {
  it('require what is required, and let optional ones stay blank', () => {
    expect(answerProblem(q('SINGLE_LINE', true), '  ')?.id).toBe('validation.required');
    expect(answerProblem(q('SINGLE_LINE'), undefined)).toBeNull();
    expect(answerProblem(q('CHECKBOX', true, ['A']), [])?.id).toBe('validation.required');
  });

  it('check each type', () => {
    expect(answerProblem(q('SINGLE_LINE'), 'two\nlines')?.id).toBe('validation.invalid');
    expect(answerProblem(q('MULTI_LINE'), 'two\nlines')).toBeNull();
    expect(answerProblem(q('RADIO', false, ['A', 'B']), 'C')?.id).toBe('validation.invalid');
    expect(answerProblem(q('DROPDOWN', false, ['A', 'B']), 'B')).toBeNull();
    expect(answerProblem(q('CHECKBOX', false, ['A', 'B']), ['A', 'A'])?.id).toBe('validation.invalid');
    expect(answerProblem(q('CHECKBOX', false, ['A', 'B']), ['B', 'A'])).toBeNull();
    expect(answerProblem(q('DATE'), '2031-02-30')?.id).toBe('validation.invalid_date');
    expect(answerProblem(q('DATE'), '2031-02-28')).toBeNull();
    const address = {
      address_line_1: 'Rua Augusta 1',
      address_line_2: '',
      city: 'Lisboa',
      state_or_region: '',
      zip_or_postal_code: '1100-048',
      country: 'Portugal',
    };
    expect(answerProblem(q('ADDRESS', true), address)).toBeNull();
    expect(answerProblem(q('ADDRESS', true), { ...address, city: '' })?.id).toBe(
      'validation.address_incomplete',
    );
    expect(answerProblem(q('ADDRESS'), 'Lisboa')?.id).toBe('validation.invalid');
  });

  it('take an optional address empty or with its main lines, and say which lines are needed', () => {
    const empty = {
      address_line_1: '',
      address_line_2: '',
      city: '',
      state_or_region: '',
      zip_or_postal_code: '',
      country: '',
    };
    const cityOnly = { ...empty, city: 'Lisboa' };
    const whole = { ...cityOnly, address_line_1: 'Rua Augusta 1', country: 'Portugal' };
    // Optional and left empty: nothing needed, nothing wrong.
    expect(addressLinesNeeded(q('ADDRESS'), empty)).toEqual([]);
    expect(answerProblem(q('ADDRESS'), empty)).toBeNull();
    // Begun: the main lines are needed, and the message names them.
    expect(addressLinesNeeded(q('ADDRESS'), cityOnly)).toEqual(ADDRESS_MAIN_LINES);
    expect(answerProblem(q('ADDRESS'), cityOnly)?.id).toBe('validation.address_incomplete_or_empty');
    expect(answerProblem(q('ADDRESS'), { ...empty, address_line_2: 'Apt 3' })?.id).toBe(
      'validation.address_incomplete_or_empty',
    );
    expect(answerProblem(q('ADDRESS'), whole)).toBeNull();
    // Required: always the main lines.
    expect(addressLinesNeeded(q('ADDRESS', true), empty)).toEqual(ADDRESS_MAIN_LINES);
    expect(answerProblem(q('ADDRESS', true), empty)?.id).toBe('validation.required');
    expect(answerProblem(q('ADDRESS', true), cityOnly)?.id).toBe('validation.address_incomplete');
  });

  it('know real calendar days', () => {
    expect(isCalendarDate('2032-02-29')).toBe(true);
    expect(isCalendarDate('2031-02-29')).toBe(false);
    expect(isCalendarDate('31/01/2031')).toBe(false);
  });
});
