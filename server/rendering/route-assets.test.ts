import { expect, it } from 'vitest';
import { pageAssets, type ViteManifest } from './route-assets';

const manifest: ViteManifest = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  'pages/home.tsx': { file: 'assets/home-3.js', imports: ['_react.js', '_card.js'], css: ['assets/home-4.css'] },
  '_card.js': { file: 'assets/card-5.js', imports: ['_react.js'] },
};

it("lists a page's chunk and its own imports, not what the entry already loads, and its stylesheets", () => {
  expect(pageAssets(manifest, 'home')).toEqual({
    chunks: ['/assets/home-3.js', '/assets/card-5.js'],
    stylesheetTags: '<link rel="stylesheet" crossorigin href="/assets/home-4.css">',
  });
});

it('lists nothing for a page the manifest does not know', () => {
  expect(pageAssets(manifest, 'missing')).toEqual({ chunks: [], stylesheetTags: '' });
});
