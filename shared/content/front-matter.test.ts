import { expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter';

it('reads key: value front matter and returns the body after it', () => {
  const { meta, body } = splitFrontMatter('---\ntitle: The Fuel Field Guide\nsubtitle: "Money: the honest version"\n---\n## One\ntext\n');
  expect(meta).toEqual({ title: 'The Fuel Field Guide', subtitle: 'Money: the honest version' });
  expect(body).toBe('## One\ntext\n');
});

it('returns the whole text as body when there is no front matter', () => {
  expect(splitFrontMatter('# Title\n')).toEqual({ meta: {}, body: '# Title\n' });
});
