import { describe, expect, it } from 'vitest';
import { type ContentForm, contentResolver, draftOf } from './content-form';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const form = (change: Partial<ContentForm> = {}): ContentForm => ({ ...draftOf(null), title: 'Grant calendar', body: 'Dates.', at: '', ...change });

describe("the content editor's form", () => {
  it('asks a resource for its pillar and kind, under those fields', async () => {
    const result = await contentResolver('resources', false)(form(), undefined, options);
    expect(result.errors).toMatchObject({ fields: { pillar: { message: 'Pillar is required' }, format: { message: 'Kind is required' } } });
  });

  it("asks a new item for its web address along with the schema's own words", async () => {
    const result = await contentResolver('premium', true)(form({ title: '' }), undefined, options);
    expect(result.errors).toMatchObject({ title: { message: 'Title is required' }, slug: { message: 'Web address is required' } });
  });

  it('sends the fields filled in only, with the web address and the publish time', async () => {
    const fields = { pillar: 'Fuel', format: 'Template', url: '', source: '' };
    const result = await contentResolver('resources', true)(form({ slug: 'grant-calendar', fields, at: '2030-01-15T09:00' }), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ title: 'Grant calendar', body: 'Dates.', fields: { pillar: 'Fuel', format: 'Template' }, slug: 'grant-calendar', at: '2030-01-15T09:00' });
    // An empty link is no link: the schema would refuse it as one.
    expect(result.values).not.toHaveProperty('fields.url');
  });
});
