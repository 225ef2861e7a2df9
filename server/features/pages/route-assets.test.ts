import { expect, it } from 'vitest';
import { pagePreloadTags, type ViteManifest } from './route-assets';

const manifest: ViteManifest = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  'pages/home.tsx': { file: 'assets/home-3.js', imports: ['_react.js', '_card.js'], css: ['assets/home-4.css'] },
  '_card.js': { file: 'assets/card-5.js', imports: ['_react.js'] },
};

it("preloads a page's chunk and its own imports, not what the entry already loads", () => {
  expect(pagePreloadTags(manifest, 'home')).toBe(
    [
      '<link rel="modulepreload" crossorigin href="/assets/home-3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-5.js">',
      '<link rel="stylesheet" crossorigin href="/assets/home-4.css">',
    ].join('\n    '),
  );
});

it('preloads nothing for a page the manifest does not know', () => {
  expect(pagePreloadTags(manifest, 'missing')).toBe('');
});
