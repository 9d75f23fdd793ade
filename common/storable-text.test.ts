import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPaths } from './storable-text';

describe('isStorableText', () => {
  it('accepts any well-formed text, emoji and joiners included', () => {
    for (const text of ['', 'Ada', 'naïve 東京', '🎸🇨🇭👩‍👩‍👧', '\u200d\ufeff\u0001\u007f', '\ud83c\udfb8']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\ud800',
      '\ud800x',
      '\udc00',
      'a\udfffb',
      '\ud83c\ud83c',
      '🎸\udc00',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('unstorableTextPaths', () => {
  it('names the path of each bad string, and the object of a bad key', () => {
    const input = {
      title: 'ok',
      location: { city: 'Lisboa\ud800', lines: ['fine', 'a\u0000'] },
      settings: { 'k\u0000': 1 },
      count: 3,
      nothing: null,
    };
    expect(unstorableTextPaths(input)).toEqual([
      ['location', 'city'],
      ['location', 'lines', 1],
      ['settings'],
    ]);
    expect(unstorableTextPaths('\u0000')).toEqual([[]]);
    expect(unstorableTextPaths({ a: [1, true, null, 'x'] })).toEqual([]);
  });

  it('walks very deep input without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [path] = unstorableTextPaths(deep);
    expect(path).toHaveLength(100_000);
  });

  it('stops after the limit', () => {
    expect(unstorableTextPaths(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(50);
  });
});
