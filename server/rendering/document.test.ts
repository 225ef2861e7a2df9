import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './document';

describe('inlineStylesheets', () => {
  it('writes each linked stylesheet into the page, so the first paint waits for no request', () => {
    const template =
      '<head>\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-b.css">\n</head>';
    const read: string[] = [];
    const html = inlineStylesheets(template, (path) => {
      read.push(path);
      return 'body{color:red}a::after{content:"</style><script>"}';
    });
    expect(read).toEqual(['assets/index-b.css']);
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-b.css">');
    // Kept for Vite's loader to find (a later chunk does not load it again), never fetched nor applied.
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-b.css" media="not all" disabled>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    // A "</style" inside the CSS would end the element early; escaped, CSS reads it the same.
    expect(html).toContain('<style>body{color:red}a::after{content:"<\\/style><script>"}</style>');
  });

  it('leaves a template without stylesheets as it is', () => {
    expect(inlineStylesheets('<head></head>', () => 'x')).toBe('<head></head>');
  });
});
