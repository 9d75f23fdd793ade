import { describe, expect, it } from 'vitest';
import { matchLocale, parseAcceptLanguage, resolveLocale } from './locales';

describe('matchLocale', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['pt', 'pt'],
    ['pt-PT', 'pt'],
    ['pt-BR', 'pt-BR'],
    ['pt_br', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['en-GB', 'en'],
  ])('maps %s to %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it.each(['zh-TW', 'zh-Hant', 'ja', 'x', '', undefined])('offers nothing for %s', (tag) => {
    expect(matchLocale(tag)).toBeUndefined();
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, keeping header order for ties, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, en;q=0.9, *;q=0.1, ja;q=0')).toEqual(['de-CH', 'en', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('resolveLocale', () => {
  it('prefers an explicit choice, then the browser, then English', () => {
    expect(resolveLocale({ explicit: ['de'], preferred: ['fr'] })).toBe('de');
    expect(resolveLocale({ explicit: [undefined, 'bogus'], preferred: ['ja', 'pt-BR'] })).toBe('pt-BR');
    expect(resolveLocale({ preferred: ['ja'] })).toBe('en');
    expect(resolveLocale({})).toBe('en');
  });
});
