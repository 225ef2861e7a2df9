import { pillars } from '#shared/content/pillars';

/**
 * Queries whose right answers a person judged, over the content a fresh site publishes (content/)
 * and one Ally the test approves. search-relevance.test.ts runs them: ranking that drifts from
 * them fails. Add a query here when a search is found answering badly.
 */
export interface JudgedQuery {
  query: string;
  /** The title that must be among the first `within` results (1: first). */
  expect: string;
  within: number;
  why: string;
}

/** An Ally named with words the guides use too: its name must still find it first. */
export const judgedAlly = { name: 'Grant Pipeline Partners', tagline: 'Grant research and writing for small teams' } as const;

export const judgedQueries: readonly JudgedQuery[] = [
  { query: 'fundraising', expect: 'The Fuel Field Guide', within: 1, why: 'Fuel is the pillar of fundraising, though its guide says the word once' },
  ...pillars.map((pillar) => ({
    query: pillar.name.toLowerCase(),
    expect: `The ${pillar.name} Field Guide`,
    within: 3,
    why: `a pillar's name finds its guide`,
  })),
  { query: judgedAlly.name, expect: judgedAlly.name, within: 1, why: "an Ally's name finds that Ally, not the guide that speaks of grant pipelines" },
  { query: '"specific date"', expect: 'The Fuel Field Guide', within: 1, why: 'a phrase finds the document that has it' },
  { query: 'cash flow', expect: '13-Week Cash Flow Forecast Worksheet', within: 1, why: 'words in a title rank above the same words in a body' },
  { query: 'board meeting', expect: 'Board Meeting Agenda Template', within: 1, why: 'words in a title rank above the same words in a body' },
];
