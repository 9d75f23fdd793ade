import { describe, expect, it } from 'vitest';
import { cookieValue, localeOfRequest } from './i18n';

describe('the request’s language', () => {
  it('reads the language cookie among others, quoted or encoded', () => {
    expect(cookieValue('a=1; tessera_locale=de; b=2', 'tessera_locale')).toBe('de');
    expect(cookieValue('tessera_locale="pt-BR"', 'tessera_locale')).toBe('pt-BR');
    expect(cookieValue('tessera_locale=zh%2DCN', 'tessera_locale')).toBe('zh-CN');
    expect(cookieValue('x_tessera_locale=fr', 'tessera_locale')).toBeUndefined();
    expect(cookieValue('tessera_locale=%E0%A4%A', 'tessera_locale')).toBe('%E0%A4%A');
    expect(cookieValue(undefined, 'tessera_locale')).toBeUndefined();
  });

  it('prefers the cookie over Accept-Language, then falls back to English', () => {
    expect(localeOfRequest({ cookie: 'tessera_locale=fr', 'accept-language': 'de' })).toBe('fr');
    expect(localeOfRequest({ 'accept-language': 'es-ES,es;q=0.9' })).toBe('es');
    expect(localeOfRequest({ cookie: 'tessera_locale=xx' })).toBe('en');
  });
});
