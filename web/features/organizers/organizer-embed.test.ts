import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initialOrganizerEmbed, organizerEmbedCode, organizerWidgetUrl } from './organizer-embed';

const ORIGIN = 'https://tickets.example.org';

describe("the organizer widget's embed code", () => {
  it('is the embed script with data-organizer and only the options that differ from the defaults', () => {
    expect(organizerEmbedCode(ORIGIN, 'River-Hall', initialOrganizerEmbed)).toBe(
      '<script src="https://tickets.example.org/widget.js" data-organizer="River-Hall" async></script>',
    );
    const all = {
      limit: 5,
      past: true,
      layout: 'compact' as const,
      primaryColor: '#FF5500',
      backgroundColor: '#101820',
      locale: 'de' as const,
      autoResize: false,
    };
    expect(organizerEmbedCode(ORIGIN, 'River-Hall', all)).toBe(
      '<script src="https://tickets.example.org/widget.js" data-organizer="River-Hall" data-limit="5" data-past="true" data-layout="compact" data-primary-color="#ff5500" data-background-color="#101820" data-locale="de" data-auto-resize="false" async></script>',
    );
    expect(organizerWidgetUrl(ORIGIN, 'River-Hall', all)).toBe(
      'https://tickets.example.org/widget/organizer/River-Hall?limit=5&past=true&layout=compact&primary_color=%23ff5500&background_color=%23101820&locale=de',
    );
  });

  it('leaves out invalid colours and brings the number of events within 1–50', () => {
    const code = organizerEmbedCode(ORIGIN, 'River-Hall', {
      ...initialOrganizerEmbed,
      limit: 500,
      primaryColor: '"><script>',
      backgroundColor: 'red',
    });
    expect(code).toContain('data-limit="50"');
    expect(code).not.toContain('color');
    expect(organizerWidgetUrl(ORIGIN, 'x-y', { ...initialOrganizerEmbed, limit: 0 })).toContain('limit=1');
  });

  it('names only attributes the embed script reads', () => {
    const script = readFileSync('web/public/widget.js', 'utf8');
    for (const attribute of [
      'data-limit',
      'data-past',
      'data-layout',
      'data-background-color',
      'data-organizer',
    ])
      expect(script).toContain(`'${attribute}'`);
  });
});
