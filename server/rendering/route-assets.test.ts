import { expect, it } from 'vitest';
import { pageAssets, type ViteManifest } from './route-assets';

const manifest: ViteManifest = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-2.js', css: ['assets/app-6.css'] },
  'pages/home.tsx': { file: 'assets/home-3.js', imports: ['_react.js', '_card.js'], css: ['assets/home-4.css'] },
  '_card.js': { file: 'assets/card-5.js', imports: ['_react.js'] },
  'features/member-home/member-home.tsx': { file: 'assets/member-home-7.js', imports: ['_react.js', '_card.js', '_form.js'] },
  '_form.js': { file: 'assets/form-8.js' },
  'pages/pricing.tsx': { file: 'assets/pricing-9.js', imports: ['_react.js'] },
};

it("lists what the entry imports, then the page's chunk and its own imports, each once, and the page's own stylesheets", () => {
  expect(pageAssets(manifest, 'home')).toEqual({
    chunks: ['/assets/react-2.js', '/assets/home-3.js', '/assets/card-5.js'],
    stylesheetTags: '<link rel="stylesheet" crossorigin href="/assets/home-4.css">',
  });
});

it("lists only the entry's imports for a page the manifest does not know", () => {
  expect(pageAssets(manifest, 'missing')).toEqual({ chunks: ['/assets/react-2.js'], stylesheetTags: '' });
});

it('adds, for someone the server saw signed in, what the page shows them at once and what it imports, each once', () => {
  expect(pageAssets(manifest, 'home', true).chunks).toEqual([
    '/assets/react-2.js',
    '/assets/home-3.js',
    '/assets/card-5.js',
    '/assets/member-home-7.js',
    '/assets/form-8.js',
  ]);
  expect(pageAssets(manifest, 'pricing', true).chunks).toEqual(['/assets/react-2.js', '/assets/pricing-9.js']);
});
