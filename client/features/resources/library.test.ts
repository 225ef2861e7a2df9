import { describe, expect, it } from 'vitest';
import json from '../../../content/resources.json';
import { pillarNames } from '#shared/content/pillars';
import { markdownToHtml } from '#shared/markdown/render';
import { countLabel, filterResources, groupByPillar, parsePillar, type Resource } from './library';

// The seed file's entries as the server publishes them: the body rendered by the one pipeline.
const resources = json.map(({ body, ...entry }): Resource => ({
  ...entry,
  pillar: entry.pillar as Resource['pillar'],
  html: markdownToHtml(body, { idPrefix: entry.id, breaks: true }),
}));

const make = (id: string, pillar: Resource['pillar'], title: string, summary = '', html = ''): Resource => ({
  id,
  pillar,
  title,
  summary,
  html,
  format: 'Checklist',
});

const sample = [
  make('agenda', 'Humans', 'Board Meeting Agenda Template', 'A consent agenda.'),
  make('cash', 'Fuel', '13-Week Cash Flow Forecast', 'Weekly cash.', '<p>Share with your <strong>treasurer</strong> &amp; auditor.</p>'),
  make('990', 'Fuel', 'Form 990 Prep Checklist', 'Annual filing.'),
];

describe('the resources library', () => {
  it('holds 25 resources, 5 per pillar, with unique ids and https links only', () => {
    expect(resources).toHaveLength(25);
    expect(new Set(resources.map((r) => r.id)).size).toBe(25);
    for (const pillar of pillarNames) expect(resources.filter((r) => r.pillar === pillar)).toHaveLength(5);
    for (const r of resources) {
      expect(r.title && r.summary && r.html && r.format, r.id).toBeTruthy();
      if (r.url) expect(r.url, r.id).toMatch(/^https:\/\//);
    }
  });

  it('searches title, summary and body, case-insensitively', () => {
    expect(filterResources(sample, 'BOARD', 'All').map((r) => r.id)).toEqual(['agenda']);
    expect(filterResources(sample, 'consent', 'All').map((r) => r.id)).toEqual(['agenda']);
    expect(filterResources(sample, 'Treasurer', 'All').map((r) => r.id)).toEqual(['cash']);
    // The body's words, not its markup: a tag name finds nothing, an escaped character is itself.
    expect(filterResources(sample, 'strong', 'All')).toEqual([]);
    expect(filterResources(sample, '& auditor', 'All').map((r) => r.id)).toEqual(['cash']);
  });

  it('needs every word of the search, in any order', () => {
    expect(filterResources(sample, '  agenda   board ', 'All').map((r) => r.id)).toEqual(['agenda']);
    expect(filterResources(sample, 'board cash', 'All')).toEqual([]);
  });

  it('filters by pillar, alone and with a search; an empty search keeps everything', () => {
    expect(filterResources(sample, '', 'Fuel').map((r) => r.id)).toEqual(['cash', '990']);
    expect(filterResources(sample, 'form', 'Fuel').map((r) => r.id)).toEqual(['990']);
    expect(filterResources(sample, 'board', 'Fuel')).toEqual([]);
    expect(filterResources(sample, '', 'All')).toHaveLength(3);
  });

  it('finds real library entries', () => {
    expect(filterResources(resources, 'cash flow', 'All').map((r) => r.id)).toContain('13-week-cash-flow-forecast');
    expect(filterResources(resources, '', 'Gears')).toHaveLength(5);
  });

  it('groups in pillar order and drops empty pillars', () => {
    expect(groupByPillar([sample[1]!, sample[0]!]).map((g) => [g.pillar, g.resources.map((r) => r.id)])).toEqual([
      ['Humans', ['agenda']],
      ['Fuel', ['cash']],
    ]);
    expect(groupByPillar(resources).map((g) => g.pillar)).toEqual(['Impact', 'Humans', 'Fuel', 'Gears', 'Future']);
  });

  it('reads a pillar from the address in any case, and anything else as All', () => {
    expect(parsePillar('fuel')).toBe('Fuel');
    expect(parsePillar('Gears')).toBe('Gears');
    expect(parsePillar('money')).toBe('All');
    expect(parsePillar(null)).toBe('All');
  });

  it('counts in words', () => {
    expect(countLabel(0)).toBe('0 resources');
    expect(countLabel(1)).toBe('1 resource');
    expect(countLabel(25)).toBe('25 resources');
  });
});
