import { describe, expect, it } from 'vitest';
import resources from '../../../content/resources.json';
import { escapeHtml, renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders paragraphs, keeping line breaks inside one', () => {
    expect(renderMarkdown('First line\nsecond line\n\nNext paragraph')).toBe('<p>First line<br>second line</p>\n<p>Next paragraph</p>');
  });

  it('renders bold, and leaves a lone ** alone', () => {
    expect(renderMarkdown('**Owner:** a person, 2 ** 3')).toBe('<p><strong>Owner:</strong> a person, 2 ** 3</p>');
  });

  it('renders - lists and 1. lists, including empty items to fill in, and a list right after a paragraph', () => {
    expect(renderMarkdown('**Inputs**\n- Staff:\n-\n\n1. One\n2.\n3. Three')).toBe(
      '<p><strong>Inputs</strong></p>\n<ul><li>Staff:</li><li></li></ul>\n<ol><li>One</li><li></li><li>Three</li></ol>',
    );
  });

  it('keeps the first number of an ordered list that does not start at 1', () => {
    expect(renderMarkdown('3. Three\n4. Four')).toBe('<ol start="3"><li>Three</li><li>Four</li></ol>');
  });

  it('renders - [ ] as labelled checkboxes with ids unique per prefix', () => {
    const html = renderMarkdown('- [ ] Thank donors\n- [x] **Close** the books', 'fuel');
    expect(html).toBe(
      '<ul>' +
        '<li class="flex items-start"><input type="checkbox" id="fuel-check-1" class="mt-1.5 h-4 w-4 shrink-0"><label for="fuel-check-1">Thank donors</label></li>' +
        '<li class="flex items-start"><input type="checkbox" id="fuel-check-2" class="mt-1.5 h-4 w-4 shrink-0"><label for="fuel-check-2"><strong>Close</strong> the books</label></li>' +
        '</ul>',
    );
  });

  it('nests indented items in the item above and continues an item with an indented line', () => {
    expect(renderMarkdown('1. Decide:\n   - **Grow:** more\n   - Fix\n2. Next\n- Problem:\n  Fix:')).toBe(
      '<ol><li>Decide:<ul><li><strong>Grow:</strong> more</li><li>Fix</li></ul></li><li>Next</li></ol>\n<ul><li>Problem:<br>Fix:</li></ul>',
    );
  });

  it('ends a list at an unindented line, which starts a paragraph', () => {
    expect(renderMarkdown('- a\nAfter')).toBe('<ul><li>a</li></ul>\n<p>After</p>');
  });

  it('escapes HTML before adding any tag, in text, bold and ids', () => {
    const html = renderMarkdown('<script>alert("x")</script> & **<img src=x onerror=alert(1)>**\n- [ ] <b>x</b>', '"><i>');
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; <strong>&#60;img src=x onerror=alert(1)&#62;</strong>');
    expect(html).toContain('id="&#34;&#62;&#60;i&#62;-check-1"');
    expect(escapeHtml(`'&`)).toBe('&#39;&#38;');
  });

  it('renders every library body with only the tags it knows', () => {
    for (const resource of resources) {
      const html = renderMarkdown(resource.body, resource.id);
      const tags = new Set([...html.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]));
      expect([...tags].every((tag) => ['p', 'br', 'strong', 'ul', 'ol', 'li', 'input', 'label'].includes(tag!)), resource.id).toBe(true);
      expect(html).not.toContain('**');
    }
  });
});
