import { describe, expect, it } from 'vitest';
import type { ContentItem } from '#shared/content/pages';
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
    const fields = { ...draftOf(null).fields, pillar: 'Fuel', format: 'Template' };
    const result = await contentResolver('resources', true)(form({ slug: 'grant-calendar', fields, at: '2030-01-15T09:00' }), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ title: 'Grant calendar', body: 'Dates.', fields: { pillar: 'Fuel', format: 'Template' }, slug: 'grant-calendar', at: '2030-01-15T09:00' });
    // An empty link is no link: the schema would refuse it as one.
    expect(result.values).not.toHaveProperty('fields.url');
  });
});

describe("a plan action's form", () => {
  const action = (fields: Partial<ContentForm['fields']>): ContentForm => form({ fields: { ...draftOf(null).fields, ...fields } });

  it('opens an action with its pillar, statement and links, and a new one with none', () => {
    expect(draftOf(null).fields).toMatchObject({ pillar: '', statement: '', links: [] });
    const item = { ...({} as ContentItem), title: 'Name a backup', fields: { pillar: 'Gears', statement: 13, links: [{ label: 'SOP Template', href: '/resources?open=sop-template' }] } } as ContentItem;
    expect(draftOf(item).fields).toMatchObject({ pillar: 'Gears', statement: '13', links: [{ label: 'SOP Template', href: '/resources?open=sop-template' }] });
  });

  it('sends the statement as its number and the links as written; the whole pillar sends no statement', async () => {
    const links = [{ label: 'SOP Template', href: '/resources?open=sop-template' }];
    const one = await contentResolver('actions', false)(action({ pillar: 'Gears', statement: '13', links }), undefined, options);
    expect(one.errors).toEqual({});
    expect(one.values).toMatchObject({ fields: { pillar: 'Gears', statement: 13, links } });
    const whole = await contentResolver('actions', false)(action({ pillar: 'Gears' }), undefined, options);
    expect(whole.values).toMatchObject({ fields: { pillar: 'Gears' } });
    expect(whole.values).not.toHaveProperty('fields.statement');
    expect(whole.values).not.toHaveProperty('fields.links');
  });

  it("says under the field what the shared schema refuses: no pillar, another pillar's statement, a link without text or with a bad address", async () => {
    expect((await contentResolver('actions', false)(action({}), undefined, options)).errors).toMatchObject({ fields: { pillar: { message: 'Pillar is required' } } });
    expect((await contentResolver('actions', false)(action({ pillar: 'Fuel', statement: '13' }), undefined, options)).errors).toMatchObject({
      fields: { statement: { message: "Statement 13 is not one of Fuel's statements" } },
    });
    const links = [
      { label: 'Fine', href: '/field-guide/gears' },
      { label: '', href: 'javascript:alert(1)' },
    ];
    const refused = await contentResolver('actions', false)(action({ pillar: 'Gears', links }), undefined, options);
    expect(refused.errors).toMatchObject({
      fields: { links: [undefined, { label: { message: 'Link text is required' }, href: { message: 'Link must be a site path (/…) or start with https:// or http://' } }] },
    });
  });
});
