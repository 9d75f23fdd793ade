import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeFilledMessage } from './description';
import { urlAllowed } from './sanitize-html';

describe('rich text sanitizing', () => {
  it('keeps the editor’s formatting as it was written', () => {
    const html =
      '<h2>Line-up</h2><p>Live <strong>jazz</strong> &amp; <em>soul</em><br>from 20:00</p>' +
      '<ul><li>One</li><li><s>Two</s></li></ul><blockquote>Quote</blockquote><hr>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">site</a></p>';
    expect(sanitizeDescription(html)).toBe(
      '<h2>Line-up</h2><p>Live <strong>jazz</strong> &amp; <em>soul</em><br>from 20:00</p>' +
        '<ul><li>One</li><li><s>Two</s></li></ul><blockquote>Quote</blockquote><hr>' +
        '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<img src="javascript:alert(1)">', '<img>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="  JaVaScRiPt&colon;alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<a href="vbscript:x" rel="opener">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<p style="position:fixed" class="x" onclick="y">t</p>', '<p>t</p>'],
    ['<iframe src="https://evil.example"><p>inside</p></iframe>after', 'after'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', null],
    ['<svg><script>alert(1)</script></svg><math><mi>x</mi></math>', null],
    ['<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['<textarea><img src=x onerror=alert(1)></textarea>', null],
    ['<!-- <img src=x onerror=alert(1)> --><p>t</p>', '<p>t</p>'],
    ['<![CDATA[<img src=x onerror=alert(1)>]]>', null],
    ['<div><p>unknown tags keep their text</p></div>', '<p>unknown tags keep their text</p>'],
    ['<p title="a&quot;b">x</p>', '<p>x</p>'],
    ['<p>1 &lt; 2 &gt; 0 "quoted"</p>', '<p>1 &lt; 2 &gt; 0 "quoted"</p>'],
    ['<b><i>unclosed', '<b><i>unclosed</i></b>'],
    ['</p></b>stray closers', '<p></p>stray closers'],
    [
      '<img src="https://cdn.example/a.png" alt=\'"><script>\'>',
      '<img src="https://cdn.example/a.png" alt="&quot;&gt;&lt;script&gt;">',
    ],
  ])('%s', (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });

  it('keeps only the URL schemes a description needs', () => {
    const web = ['http', 'https', 'mailto', 'tel'];
    expect(urlAllowed('https://example.com', web)).toBe(true);
    expect(urlAllowed('mailto:a@example.com', web)).toBe(true);
    expect(urlAllowed('/relative/path', web)).toBe(true);
    expect(urlAllowed('#anchor', web)).toBe(true);
    expect(urlAllowed('page.html', web)).toBe(true);
    expect(urlAllowed('\u0000javascript:alert(1)', web)).toBe(false);
    expect(urlAllowed('java\nscript:alert(1)', web)).toBe(false);
    expect(urlAllowed('file:///etc/passwd', web)).toBe(false);
  });

  it('answers null for empty rich text', () => {
    expect(sanitizeDescription('<script>x</script>  ')).toBeNull();
    expect(sanitizeDescription(null)).toBeNull();
  });
});

describe('a message once filled in for a recipient', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'tel:+351000',
    'Ana Silva',
    '/relative/page',
    '',
  ])('drops a link to %j and keeps its text', (href) => {
    expect(sanitizeFilledMessage(`<p>Hi <a href="${href.replace(/"/g, '&quot;')}">you</a>!</p>`)).toBe(
      '<p>Hi you!</p>',
    );
  });

  it('keeps http, https and mailto links, and drops images without a web address', () => {
    expect(
      sanitizeFilledMessage(
        '<p><a href="https://a.example/t">t</a> <a href="http://b.example">b</a> ' +
          '<a href="mailto:x@example.com">m</a><img src="javascript:1"><img src="https://a.example/i.png"></p>',
      ),
    ).toBe(
      '<p><a href="https://a.example/t" rel="noopener noreferrer nofollow">t</a> ' +
        '<a href="http://b.example" rel="noopener noreferrer nofollow">b</a> ' +
        '<a href="mailto:x@example.com" rel="noopener noreferrer nofollow">m</a><img src="https://a.example/i.png"></p>',
    );
  });
});
