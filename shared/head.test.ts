import { describe, expect, it } from 'vitest';
import { headHtml, isIndexable, pageHead } from './head';
import { matchRoute } from './routes';

const tag = (head: ReturnType<typeof pageHead>, id: string) => head.tags.find((t) => t.id === id)?.value;

describe('pageHead', () => {
  it('builds canonical, og:url and og:image from the public URL, never from where the page was opened', () => {
    const head = pageHead('/field-guides', 'https://hub.example.org');
    expect(head.status).toBe(200);
    expect(head.title).toBe('The five field guides | Nonprofit Leaders Hub');
    expect(tag(head, 'canonical')).toBe('https://hub.example.org/field-guides');
    expect(tag(head, 'og:url')).toBe('https://hub.example.org/field-guides');
    expect(tag(head, 'og:image')).toBe('https://hub.example.org/og-card.png');
    expect(tag(head, 'twitter:card')).toBe('summary_large_image');
    expect(tag(head, 'robots')).toBe('index, follow');
  });

  it('gives a trailing slash the same canonical URL, and the home page its own', () => {
    expect(tag(pageHead('/pricing/', 'https://a.org'), 'canonical')).toBe('https://a.org/pricing');
    expect(tag(pageHead('/', 'https://a.org'), 'canonical')).toBe('https://a.org/');
  });

  it('keeps out of search engines what only makes sense for one person, needs an account, is unfinished or unknown', () => {
    expect(tag(pageHead('/checkup/results/1f', 'https://a.org'), 'robots')).toBe('noindex');
    expect(tag(pageHead('/allies', 'https://a.org'), 'robots')).toBe('noindex');
    expect(tag(pageHead('/welcome', 'https://a.org'), 'robots')).toBe('noindex');
    const unknown = pageHead('/nope', 'https://a.org');
    expect(unknown.status).toBe(404);
    expect(unknown.title).toBe('Oops! Page Not Found | Nonprofit Leaders Hub');
    expect(tag(unknown, 'robots')).toBe('noindex');
    expect(isIndexable({ path: '/x' })).toBe(false);
    expect(isIndexable(matchRoute('/start-here'))).toBe(true);
  });
});

describe('headHtml', () => {
  it('escapes every value', () => {
    const html = headHtml({
      title: 'A <b> & "c"',
      status: 200,
      tags: [{ element: 'meta', key: 'name', id: 'description', attribute: 'content', value: `it's <x>` }],
    });
    expect(html).toBe('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>\n    <meta name="description" content="it&#39;s &lt;x&gt;">');
  });
});
