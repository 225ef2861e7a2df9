// Text anyone with an editor can save renders in bounded time (decision 031): the site's one
// Markdown pipeline (shared/markdown/render.ts) on pathological inputs at the largest body the
// site accepts (100,000 characters, an edition or a page), as the HTML page, the email's HTML
// and its text part. Each figure is the median of 5 renders after one warm-up, beside plain prose
// of the same length rendered in the same run (the bare baseline: the machine is shared and noisy).
// Budget: every input < 500 ms for the page HTML. No server and no build: it runs the source.
import { tsImport } from 'tsx/esm/api';
import { printTable } from './table.mjs';

const largest = 100_000;
const budgetMs = 500;
const runs = 5;
const fill = (pattern) => pattern.repeat(Math.ceil(largest / pattern.length)).slice(0, largest);

// The first two took the site down with the previous library; the rest are the CommonMark
// project's pathological cases (cmark's test/pathological_tests.py) and the GFM extensions'.
export const inputs = {
  'nested quotes (8,000 ">")': '>'.repeat(8000) + ' a',
  '_a repeated': fill('_a'),
  'nested strong/emphasis': fill('*a **a ').slice(0, largest / 2) + 'b' + fill(' a** a*').slice(0, largest / 2 - 1),
  'emphasis closers, no openers': fill('a_ '),
  'emphasis openers, no closers': fill('_a '),
  'link closers, no openers': fill('a]'),
  'link openers, no closers': fill('[a'),
  'mismatched openers and closers': fill('*a_ '),
  'openers and closers, multiple of 3': 'a**b' + fill('c* '),
  'link openers and emphasis closers': fill('[ a_'),
  '"[ (](" repeated': fill('[ (]('),
  '"![[]()" repeated': fill('![[]()'),
  'nested brackets': '['.repeat(largest / 2) + ']'.repeat(largest / 2),
  'image openers "!["': fill('!['),
  'nested block quotes, spaced': fill('> '),
  'deeply nested lists': Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- a`)
    .join('\n')
    .slice(0, largest),
  'U+0000 in input': fill('abc\u0000de\u0000'),
  backticks: Array.from({ length: 5000 }, (_, i) => 'e' + '`'.repeat(i + 1))
    .join('')
    .slice(0, largest),
  'unclosed links <': fill('[a](<b'),
  'unclosed links': fill('[a](b'),
  'unclosed "<!--"': '</' + fill('<!--'),
  'empty lines in nested lists': '- '.repeat(30_000) + 'x' + '\n'.repeat(30_000),
  'many references': Array.from({ length: 5000 }, (_, i) => `[${i}]: /url\n`).join('') + fill('[0] ').slice(0, 40_000),
  'table, many rows': '|a|b|\n|-|-|\n' + fill('|a|b|\n'),
  'table, many columns': '|' + 'a|'.repeat(5000) + '\n|' + '-|'.repeat(5000) + '\n' + ('|' + 'a|'.repeat(5000) + '\n').repeat(8),
  'strikethrough openers "~~a"': fill('~~a'),
  'setext headings': fill('a\n=\n'),
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = (render, source) => {
  render(source);
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    render(source);
    times.push(performance.now() - started);
  }
  return median(times);
};

export async function runMarkdown() {
  console.log(`\n== Markdown: the one pipeline on hostile text of ${largest.toLocaleString('en')} characters (median of ${runs}) ==`);
  const { markdownToHtml, markdownToText } = await tsImport('../shared/markdown/render.ts', import.meta.url);
  const prose = fill('Nonprofit leaders read this guide to plan the year ahead with their board. ').replace(/(.{600})/g, '$1\n\n');
  const baseline = time(markdownToHtml, prose);
  const rows = [];
  let worst = { name: '', ms: 0 };
  for (const [name, source] of Object.entries(inputs)) {
    const page = time(markdownToHtml, source);
    const email = time((text) => markdownToHtml(text, { siteUrl: 'https://hub.example.org' }), source);
    const text = time(markdownToText, source);
    if (page > worst.ms) worst = { name, ms: page };
    rows.push([name, page.toFixed(1), email.toFixed(1), text.toFixed(1), (page / baseline).toFixed(1)]);
  }
  printTable(['input', 'page ms', 'email ms', 'text ms', '× prose'], [['plain prose (baseline)', baseline.toFixed(1), '', '', '1.0'], ...rows]);
  return {
    figures: { baselineMs: baseline, worstMs: worst.ms, worstInput: worst.name, inputs: Object.fromEntries(rows.map((row) => [row[0], Number(row[1])])) },
    checks: [
      {
        budget: `Markdown: every hostile ${largest.toLocaleString('en')}-character body < ${budgetMs} ms`,
        measured: `worst ${worst.ms.toFixed(0)} ms (${worst.name}), prose ${baseline.toFixed(0)} ms`,
        status: worst.ms < budgetMs ? 'PASS' : 'FAIL',
      },
    ],
  };
}
