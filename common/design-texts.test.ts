import { describe, expect, it } from 'vitest';
import { continueButtonText } from './design';
import { continueButtonTexts } from './design-texts';

describe('the continue button’s text for a buyer’s language', () => {
  const settings = {
    continue_button_text: 'Book a seat',
    continue_button_texts: { de: 'Platz buchen', pt: 'Reservar lugar', 'zh-CN': '预订座位' },
  };

  it('is the language’s own text, Brazilian Portuguese falling back to European, else the default', () => {
    expect(continueButtonText(settings, 'de')).toBe('Platz buchen');
    expect(continueButtonText(settings, 'zh-CN')).toBe('预订座位');
    expect(continueButtonText(settings, 'pt-BR')).toBe('Reservar lugar');
    expect(continueButtonText(settings, 'fr')).toBe('Book a seat');
    expect(
      continueButtonText({ ...settings, continue_button_texts: { 'pt-BR': 'Garantir lugar' } }, 'pt'),
    ).toBe('Book a seat');
  });

  it('is null without any text, for “Get tickets” in the buyer’s language; old settings have no texts', () => {
    expect(continueButtonText({ continue_button_text: null, continue_button_texts: {} }, 'de')).toBeNull();
    expect(continueButtonText({ continue_button_text: null }, 'es')).toBeNull();
    expect(continueButtonText({ continue_button_text: 'Book a seat' }, 'es')).toBe('Book a seat');
  });
});

describe('continue_button_texts', () => {
  const schema = continueButtonTexts();

  it('trims the texts and drops empty ones', () => {
    expect(schema.parse({ de: '  Platz buchen ', fr: '', es: null, 'zh-CN': '预订座位' })).toEqual({
      de: 'Platz buchen',
      'zh-CN': '预订座位',
    });
  });

  it('refuses a language Tessera does not speak and a text longer than a button holds', () => {
    expect(schema.safeParse({ tlh: 'Qapla’' }).success).toBe(false);
    expect(schema.safeParse({ de: 'x'.repeat(51) }).success).toBe(false);
    expect(schema.safeParse({ de: 'x'.repeat(50) }).success).toBe(true);
  });
});
