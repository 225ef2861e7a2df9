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

it('gives an uploaded image its phone copy on a page, and absolute addresses in an email', () => {
  const source = 'See [the guide](/field-guides) and ![A chart](/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a.png)';
  const page = markdownToHtml(source);
  expect(page).toContain('<picture><source media="(max-width: 640px)" srcset="/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a-640.webp" type="image/webp"><img src="/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a.png" alt="A chart"');
  expect(page).toContain('href="/field-guides"');
  const email = markdownToHtml(source, { siteUrl: 'https://hub.example.org' });
  expect(email).not.toContain('<picture>');
  expect(email).toContain('src="https://hub.example.org/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a.png"');
  expect(email).toContain('href="https://hub.example.org/field-guides"');
  expect(markdownToText(source, { siteUrl: 'https://hub.example.org' })).toContain('the guide (https://hub.example.org/field-guides)');
  // The next page render is not affected by the email's address.
  expect(markdownToHtml('[x](/a)')).toContain('href="/a"');
});
