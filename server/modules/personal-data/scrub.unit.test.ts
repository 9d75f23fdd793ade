import { describe, expect, it } from 'vitest';
import { eraseAnswer, namesOf, scrubJson, scrubText, textsOf } from './scrub';

const erased = {
  email: 'ana.silva@example.com',
  marker: 'erased-x@erased.invalid',
  names: namesOf([{ first: 'Ana', last: 'Silva' }]),
};

describe('scrubbing a buyer out of free-form records', () => {
  it('replaces the address wherever it appears, in any case, and whole names only', () => {
    expect(scrubText('mailed to ANA.Silva@Example.com twice', erased)).toBe(
      'mailed to erased-x@erased.invalid twice',
    );
    expect(scrubText('Ana Silva', erased)).toBe('Erased');
    expect(scrubText(' silva ', erased)).toBe('Erased');
    // A name inside other words is not a record of the buyer's name: it stays.
    expect(scrubText('Banana', erased)).toBe('Banana');
  });

  it('walks JSON, keeping keys, numbers and shape', () => {
    const body = {
      to: 'ana.silva@example.com',
      data: { first_name: 'Ana', total: 1500, tags: ['Silva', 'vip'] },
    };
    expect(scrubJson(body, erased)).toEqual({
      to: 'erased-x@erased.invalid',
      data: { first_name: 'Erased', total: 1500, tags: ['Erased', 'vip'] },
    });
  });

  it('erases every text of an answer and keeps its shape', () => {
    expect(eraseAnswer('Vegetarian')).toBe('Erased');
    expect(eraseAnswer(['A', 'B'])).toEqual(['Erased', 'Erased']);
    expect(eraseAnswer({ city: 'Porto', address_line_2: '' })).toEqual({
      city: 'Erased',
      address_line_2: '',
    });
  });

  it('knows first, last and whole names, never the marker itself', () => {
    expect([...namesOf([{ first: 'Ana', last: 'Silva' }, { whole: 'Erased' }])].sort()).toEqual([
      'ana',
      'ana silva',
      'silva',
    ]);
  });
});

describe('the texts of an answer', () => {
  it('are its non-empty strings, lower-case, wherever they are', () => {
    expect(textsOf({ city: ' Porto ', lines: ['A', ''], n: 3 })).toEqual(['porto', 'a']);
    expect(textsOf(null)).toEqual([]);
  });
});
