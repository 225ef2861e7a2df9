import { describe, expect, it } from 'vitest';
import { allySearchQuerySchema, allySubmissionSchema, SEARCH_MAX, websiteHref, websiteLabel } from './schemas';

const base = { name: 'Acme', category: 'Gears', submitterEmail: 'vendor@example.org' };
const websiteOk = (website: string) => allySubmissionSchema.safeParse({ ...base, website }).success;

describe('ally submission website', () => {
  it.each(['acme.example', 'www.acme.example/path?q=1', 'https://acme.example', 'HTTP://acme.example', ''])('accepts %j', (website) => {
    expect(websiteOk(website)).toBe(true);
  });
  it.each([
    'acme',
    'not a url',
    'javascript:alert(1)',
    'mailto:a@b.org',
    'ftp://acme.example',
    'https://',
    'data:text/html,x',
    // Addresses that hide where they lead.
    '//evil.example.com',
    'https://x.y@evil.com',
    'trusted.org@evil.com',
    'https://user:pass@evil.com/path',
    'https:////evil.example.com',
  ])('refuses %j', (website) => {
    expect(websiteOk(website)).toBe(false);
  });
  it('links with https:// added only when the address has no scheme', () => {
    expect(websiteHref('acme.example')).toBe('https://acme.example');
    expect(websiteHref('http://acme.example')).toBe('http://acme.example');
    expect(websiteHref('HTTPS://acme.example')).toBe('HTTPS://acme.example');
  });
  it('shows members the host an address really leads to', () => {
    expect(websiteLabel('https://acme.example/')).toBe('acme.example');
    expect(websiteLabel('acme.example/offer')).toBe('acme.example/offer');
    // Stored before the rule: still shown as where they go.
    expect(websiteLabel('https://trusted.org@evil.com')).toBe('evil.com');
    expect(websiteLabel('//evil.example.com')).toBe('evil.example.com');
    expect(websiteLabel('https://')).toBeNull();
  });
});

describe('ally search query', () => {
  it('is forgiving: long text is cut, unknown categories and pages fall back', () => {
    expect(allySearchQuerySchema.parse({ search: ` ${'x'.repeat(5000)} `, category: 'Snacks', page: '-3' })).toEqual({
      search: 'x'.repeat(SEARCH_MAX),
      category: null,
      page: 1,
    });
    expect(allySearchQuerySchema.parse({ category: 'fuel', page: '2', extra: 'y' })).toEqual({ search: '', category: 'Fuel', page: 2 });
    expect(allySearchQuerySchema.parse({ search: ['a', 'b'] as unknown as string })).toMatchObject({ search: '' });
  });
});
