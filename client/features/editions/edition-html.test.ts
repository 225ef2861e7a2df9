import { describe, expect, it } from 'vitest';
import { demoteHeadings, editionPreview } from './edition-html';

describe('Weekly Dish editions', () => {
  it('previews the opening paragraph and lists the sections', () => {
    const html = '<p>Welcome to issue 47.</p>\n<h2>Global Trends</h2>\n<p>Trend</p>\n<h2>This Month&#39;s Tip</h2>\n<p>Tip</p>';
    expect(editionPreview(html)).toEqual({ intro: 'Welcome to issue 47.', sections: ['Global Trends', 'This Month&#39;s Tip'] });
  });

  it('falls back to the first paragraph when the edition opens with a section', () => {
    expect(editionPreview('<h2>Global Trends</h2>\n<p>First <strong>news</strong></p>').intro).toBe('First <strong>news</strong>');
  });

  it('demotes headings, opening and closing tags alike, never past h6', () => {
    expect(demoteHeadings('<h2>A</h2><h3 id="x">B</h3><h6>C</h6>')).toBe('<h3>A</h3><h4 id="x">B</h4><h6>C</h6>');
    expect(demoteHeadings('<h2>A</h2>', 2)).toBe('<h4>A</h4>');
    expect(demoteHeadings('<header>x</header>')).toBe('<header>x</header>');
  });
});
