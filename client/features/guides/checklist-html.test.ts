import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { labelChecklists } from './checklist-html';

describe('labelChecklists', () => {
  it('labels every checklist item marked renders, and leaves other items alone', () => {
    const html = marked.parse('- plain item\n- [ ] First **task**\n- [ ] Second task\n', { async: false, gfm: true });
    expect(labelChecklists(html, 'gears')).toBe(
      '<ul>\n<li>plain item</li>\n' +
        '<li><input type="checkbox" id="gears-check-1"> <label for="gears-check-1">First <strong>task</strong></label></li>\n' +
        '<li><input type="checkbox" id="gears-check-2"> <label for="gears-check-2">Second task</label></li>\n</ul>\n',
    );
  });

  it('leaves HTML without checklists unchanged', () => {
    expect(labelChecklists('<p>Hello</p>', 'x')).toBe('<p>Hello</p>');
  });
});
