import { expect, it } from 'vitest';
import { markdownToHtml, markdownToText, safeUrl } from './render';

it('renders Markdown with headings, emphasis, lists and safe links', () => {
  const html = markdownToHtml('## Trends\n\n**Bold** and *soft*. [Guide](/field-guides) and [mail](mailto:a@b.org)\n\n- one\n- two\n\n> quoted');
  expect(html).toContain('<h2>Trends</h2>');
  expect(html).toContain('<strong>Bold</strong>');
  expect(html).toContain('<em>soft</em>');
  expect(html).toContain('<a href="/field-guides">Guide</a>');
  expect(html).toContain('<a href="mailto:a@b.org">mail</a>');
  expect(html).toContain('<li>two</li>');
  expect(html).toContain('<blockquote>');
});

it('makes raw HTML and unsafe addresses inert', () => {
  const html = markdownToHtml('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.example) [w](JaVa\tScRiPt:alert(1)) ![p](javascript:alert(2))');
  expect(html).not.toMatch(/<script|<img src="x"|href="javascript|href="data|href="\/\/evil|onerror=alert\(1\)>/i);
  expect(html).toContain('&lt;script&gt;');
  expect(html).not.toContain('javascript:alert(2)"');
});

it('accepts only http(s), mailto, fragments and site paths', () => {
  expect(safeUrl('https://example.org/x')).toBe('https://example.org/x');
  expect(safeUrl('/weekly-dish')).toBe('/weekly-dish');
  expect(safeUrl('//evil.example')).toBeNull();
  expect(safeUrl('/\\evil.example')).toBeNull();
  expect(safeUrl('javascript:alert(1)')).toBeNull();
  expect(safeUrl('vbscript:x')).toBeNull();
});

it('gives a plain-text part from the same Markdown', () => {
  const text = markdownToText('## Global Trends\n\nRead **the guide** at [our site](https://example.org/g).\n\n- first\n- second\n\n> a quote\n\n<b>raw</b>');
  expect(text).toContain('GLOBAL TRENDS');
  expect(text).toContain('Read the guide at our site (https://example.org/g).');
  expect(text).toContain('- first\n- second');
  expect(text).toContain('> a quote');
  expect(text).not.toContain('**');
  expect(text).toContain('<b>raw</b>');
});
