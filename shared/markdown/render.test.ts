import { describe, expect, it } from 'vitest';
import resources from '../../content/resources.json';
import { markdownProblem, markdownTokens, markdownToHtml, markdownToText, safeUrl } from './render';

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
  const html = markdownToHtml(
    '<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.example) [w](JaVa\tScRiPt:alert(1)) ![p](javascript:alert(2))',
  );
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
  expect(page).toContain(
    '<picture><source media="(max-width: 640px)" srcset="/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a-640.webp" type="image/webp"><img src="/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a.png" alt="A chart"',
  );
  expect(page).toContain('href="/field-guides"');
  const email = markdownToHtml(source, { siteUrl: 'https://hub.example.org' });
  expect(email).not.toContain('<picture>');
  expect(email).toContain('src="https://hub.example.org/media/0b0e8c4e-8c43-4a8f-9d4e-2a9c1f3e5d6a.png"');
  expect(email).toContain('href="https://hub.example.org/field-guides"');
  expect(markdownToText(source, { siteUrl: 'https://hub.example.org' })).toContain('the guide (https://hub.example.org/field-guides)');
  // The next page render is not affected by the email's address.
  expect(markdownToHtml('[x](/a)')).toContain('href="/a"');
});

/**
 * Text anyone with an editor can save: the inputs that took the site down with the previous
 * library (a stack overflow at 2,000 nested quotes; `_a` repeated to the 100,000 characters an
 * edition may hold took 23 s). Every output of the pipeline comes back, whatever the input;
 * bench/markdown.mjs times them against the 0.5 s budget.
 */
describe('hostile text', () => {
  const largest = 100_000;
  const hostile: [string, string][] = [
    ['2,000 nested quotes', '>'.repeat(2000) + ' a'],
    ['8,000 nested quotes', '>'.repeat(8000) + ' a'],
    ['8,000 spaced nested quotes', '> '.repeat(8000) + 'a'],
    ['_a to 50,000 characters', '_a'.repeat(25_000)],
    ['_a to 100,000 characters', '_a'.repeat(largest / 2)],
    [
      '1,000 nested lists',
      Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- a`)
        .join('\n')
        .slice(0, largest),
    ],
    ['nested brackets', '['.repeat(largest / 2) + ']'.repeat(largest / 2)],
    ['image openers', '!['.repeat(largest / 2)],
  ];

  it.each(hostile)('%s: HTML, text part and tokens, without throwing', (_name, source) => {
    expect(source.length).toBeLessThanOrEqual(largest);
    expect(typeof markdownToHtml(source)).toBe('string');
    expect(typeof markdownToHtml(source, { siteUrl: 'https://hub.example.org' })).toBe('string');
    expect(typeof markdownToText(source)).toBe('string');
    expect(markdownTokens(source).length).toBeGreaterThan(0);
  });

  it('refuses, by name, text nested deeper than the renderer shows, and accepts what people write', () => {
    expect(markdownProblem('>'.repeat(8000) + ' a', 'Body')).toBe('Body nests quotes or lists too deeply to show: use at most 8 levels');
    expect(markdownProblem('>'.repeat(2000) + ' a', 'Description')).toMatch(/^Description nests/);
    expect(markdownProblem(Array.from({ length: 30 }, (_, i) => `${'  '.repeat(i)}- a`).join('\n'), 'Body')).not.toBeNull();
    // Eight levels of quotes, of lists, and of lists inside quotes still show whole.
    expect(markdownProblem('> '.repeat(8) + 'a', 'Body')).toBeNull();
    const eightLists = Array.from({ length: 8 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    expect(markdownProblem(eightLists, 'Body')).toBeNull();
    expect(markdownToHtml(eightLists)).toContain('level 8');
    expect(markdownProblem('_a'.repeat(50_000), 'Body')).toBeNull();
  });
});

describe('task lists, worksheets and placeholders', () => {
  it('draws a labelled checkbox per task item on a page, named after the item', () => {
    const html = markdownToHtml('- [ ] Thank donors\n- [x] **Close** the books\n- plain', { idPrefix: 'fuel' });
    expect(html).toContain(
      '<li class="flex items-start"><input type="checkbox" id="fuel-check-1" class="mt-1.5 h-4 w-4 shrink-0"><label for="fuel-check-1">Thank donors</label></li>',
    );
    expect(html).toContain(
      '<input type="checkbox" id="fuel-check-2" class="mt-1.5 h-4 w-4 shrink-0" checked><label for="fuel-check-2"><strong>Close</strong> the books</label>',
    );
    expect(html).toContain('<li>plain</li>');
    // The id is the caller's text: it is escaped like any other.
    expect(markdownToHtml('- [ ] x', { idPrefix: '"><i>' })).toContain('id="&quot;&gt;&lt;i&gt;-check-1"');
  });

  it('gives an email a box character and the text part a [ ]', () => {
    const source = '- [ ] Thank donors\n- [x] Close the books';
    const email = markdownToHtml(source, { siteUrl: 'https://hub.example.org' });
    expect(email).not.toContain('<input');
    expect(email).toContain('&#9744; Thank donors');
    expect(email).toContain('&#9745; Close the books');
    expect(markdownToText(source)).toContain('- [ ] Thank donors\n- [x] Close the books');
    expect(
      markdownTokens(source)
        .filter((token) => token.type === 'list_item_open')
        .map((token) => token.meta?.task),
    ).toEqual([{ checked: false }, { checked: true }]);
  });

  it('keeps line breaks inside a worksheet paragraph, and only there', () => {
    expect(markdownToHtml('**Owner:** a\n**Backup:** b', { breaks: true })).toContain('<strong>Owner:</strong> a<br>\n<strong>Backup:</strong> b');
    expect(markdownToHtml('**Owner:** a\n**Backup:** b')).not.toContain('<br>');
  });

  it('keeps a {{NAME}} link address only when asked, for the server to fill in', () => {
    expect(markdownToHtml('[Join]({{SLACK_INVITE_URL}})', { placeholders: true })).toContain('<a href="{{SLACK_INVITE_URL}}">Join</a>');
    expect(markdownToHtml('[Join]({{SLACK_INVITE_URL}})')).not.toContain('<a');
    expect(markdownToHtml('[x]({{a}})', { placeholders: true })).not.toContain('<a');
  });

  it('renders every resource of the library with the tags a worksheet needs and no Markdown left over', () => {
    for (const resource of resources) {
      const html = markdownToHtml(resource.body, { idPrefix: resource.id, breaks: true });
      const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
      expect(
        [...tags].filter((tag) => !['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'input', 'label', 'a', 'h2', 'h3'].includes(tag!)),
        resource.id,
      ).toEqual([]);
      expect(html, resource.id).not.toContain('**');
    }
  });
});

it('gives a page its headings as anchors when asked, from their words, each once', () => {
  const source = '## Build cash reserves you can *actually* measure\n\nText.\n\n### Questions, to ask — your board\n\n## Questions, to ask — your board';
  const html = markdownToHtml(source, { headingIds: true });
  expect(html).toContain('<h2 id="build-cash-reserves-you-can-actually-measure">');
  expect(html).toContain('<h3 id="questions-to-ask-your-board">');
  expect(html).toContain('<h2 id="questions-to-ask-your-board-2">');
  // An email or a resource card keeps its headings plain.
  expect(markdownToHtml(source)).toContain('<h2>Build cash reserves');
});
