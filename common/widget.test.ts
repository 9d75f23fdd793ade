import { describe, expect, it } from 'vitest';
import { hexColor } from './validators';
import { isHexColor, widgetEmbedCode, widgetOptionsFromQuery, widgetUrl } from './widget';

describe('widget options from the address', () => {
  it('keeps valid options and drops every invalid one without failing', () => {
    const valid = widgetOptionsFromQuery(
      new URLSearchParams({ primary_color: '#FF5500', button_text: '  Buy now ', locale: 'pt-BR' }),
    );
    expect(valid).toEqual({ primaryColor: '#ff5500', buttonText: 'Buy now', locale: 'pt-BR' });

    for (const color of ['red', '#fff', '#ff550', '#ff55001', 'ff5500', '#gg5500', 'url(x)', '']) {
      expect(widgetOptionsFromQuery(new URLSearchParams({ primary_color: color })), color).toEqual({});
    }
    for (const text of ['', '   ', 'x'.repeat(51), 'two\nlines', 'tab\there']) {
      expect(widgetOptionsFromQuery(new URLSearchParams({ button_text: text })), text).toEqual({});
    }
    expect(
      widgetOptionsFromQuery(new URLSearchParams({ button_text: 'x'.repeat(50) })).buttonText,
    ).toHaveLength(50);
    expect(widgetOptionsFromQuery(new URLSearchParams({ locale: 'klingon' }))).toEqual({});
  });

  it('keeps one date of the event (issue 36) as a plain id, and passes it on', () => {
    expect(widgetOptionsFromQuery(new URLSearchParams({ date: '42' }))).toEqual({ dateId: '42' });
    for (const date of ['', '0', '-1', '4.2', 'x', '1'.repeat(16)]) {
      expect(widgetOptionsFromQuery(new URLSearchParams({ date })), date).toEqual({});
    }
    expect(new URL(widgetUrl('https://t.example', 7, { dateId: '42' })).searchParams.get('date')).toBe('42');
    expect(widgetEmbedCode('https://t.example', 7, { autoResize: true, dateId: '42' })).toContain(
      'data-date-id="42"',
    );
  });

  it('follows the same colour rule as the hexColor() schema', () => {
    for (const value of ['#ffffff', '#A1b2C3', ' #000000 ', '#fff', 'blue', '#1234567']) {
      expect(isHexColor(value), value).toBe(hexColor().safeParse(value).success);
    }
  });
});

describe('widget addresses and embed code', () => {
  it('builds the iframe address the script builds', () => {
    expect(widgetUrl('https://t.example', 12, { primaryColor: '#112233', buttonText: 'Go & buy' })).toBe(
      'https://t.example/widget/12?primary_color=%23112233&button_text=Go+%26+buy',
    );
    expect(widgetUrl('https://t.example', 12, {})).toBe('https://t.example/widget/12');
  });

  it('writes every option as an escaped data attribute', () => {
    expect(widgetEmbedCode('https://t.example', 12, { autoResize: true })).toBe(
      '<script src="https://t.example/widget.js" data-event-id="12" async></script>',
    );
    const code = widgetEmbedCode('https://t.example', 12, {
      primaryColor: '#112233',
      buttonText: '"><script>alert(1)</script>',
      locale: 'de',
      autoResize: false,
    });
    expect(code).toBe(
      '<script src="https://t.example/widget.js" data-event-id="12" data-primary-color="#112233"' +
        ' data-button-text="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;" data-locale="de"' +
        ' data-auto-resize="false" async></script>',
    );
    expect(widgetEmbedCode('https://t.example', 12, { autoResize: true, affiliateCode: 'RADIO-FM' })).toBe(
      '<script src="https://t.example/widget.js" data-event-id="12" data-affiliate-code="RADIO-FM" async></script>',
    );
  });
});
