import { describe, expect, it } from 'vitest';
import type { LibraryAction } from '#shared/plans/library';
import type { PlanProposal } from '#shared/plans/schemas';
import { actionErrors, createInput, draftOf, formErrors, formLevelErrors, prioritiesToShow } from './plan-form';

const me = '0b6f6a8e-3c1d-4a6e-9d53-6a0f0f2f1a11';
const suggestion = (slug: string, pillar: LibraryAction['pillar'] = 'FUEL', questionId: number | null = null): LibraryAction => ({
  slug,
  title: `Do ${slug}`,
  why: 'Because.',
  html: '',
  pillar,
  questionId,
  links: [],
});
const proposal: Pick<PlanProposal, 'source' | 'activePlan' | 'priorities'> = {
  source: { kind: 'checkup', resultId: '5d3f7c1e-8a2b-4c6d-9e0f-1a2b3c4d5e6f' },
  activePlan: null,
  priorities: [
    { priority: { kind: 'statement', pillar: 'FUEL', questionId: 10, spread: 1.1 }, suggestions: [suggestion('reserve', 'FUEL', 10), suggestion('budget')] },
    { priority: { kind: 'pillar', pillar: 'FUEL', percent: 44 }, suggestions: [suggestion('budget'), suggestion('funders')] },
  ],
};

describe('the "Make a plan" form', () => {
  it('shows a suggestion listed under two priorities once, under the first', () => {
    expect(prioritiesToShow(proposal).map((shown) => [shown.key, shown.suggestions.map((s) => s.slug)])).toEqual([
      ['FUEL-10', ['reserve', 'budget']],
      ['FUEL', ['funders']],
    ]);
  });

  it('sends the chosen actions with empty fields as null, and replaces an active plan when there is one', () => {
    const chosen = [
      { ...draftOf(suggestion('budget'), me), dueOn: '2027-01-15' },
      { ...draftOf(suggestion('funders'), ''), note: 'Ask Sam' },
    ];
    const input = createInput(proposal, chosen, '2027-03-01');
    expect(input.actions).toEqual([
      { librarySlug: 'budget', title: 'Do budget', pillar: 'FUEL', questionId: null, ownerId: me, dueOn: '2027-01-15', note: '' },
      { librarySlug: 'funders', title: 'Do funders', pillar: 'FUEL', questionId: null, ownerId: null, dueOn: null, note: 'Ask Sam' },
    ]);
    expect(input.replaceActive).toBe(false);
    expect(formErrors(input)).toEqual({});
    expect(createInput({ ...proposal, activePlan: { id: me, startedAt: '2026-11-01T10:00:00Z' } }, chosen, '2027-03-01').replaceActive).toBe(true);
  });

  it('puts the shared schema’s messages under the fields they are about, and the rest above the button', () => {
    const own = { key: 'own-1', librarySlug: null, title: ' ', pillar: 'GEARS' as const, questionId: null, ownerId: me, dueOn: '2027-02-30', note: '' };
    const errors = formErrors(createInput(proposal, [draftOf(suggestion('budget'), me), own], 'soon'));
    expect(actionErrors(errors, 0)).toEqual({});
    expect(actionErrors(errors, 1)).toEqual({ title: 'Action is required', dueOn: '2027-02-30 is not a real date' });
    expect(errors.reassessOn).toBe('Reassessment date must be a date (YYYY-MM-DD)');
    expect(formLevelErrors(errors)).toEqual([]);
    expect(formLevelErrors(formErrors(createInput(proposal, [], '2027-03-01')))).toEqual(['Choose at least one action']);
  });

  it('shows the server’s field errors the same way', () => {
    const server = { 'actions.0.ownerId': 'Choose the owner from your team', 'actions.0.librarySlug': 'This action is not in the library' };
    expect(actionErrors(server, 0)).toEqual({ ownerId: 'Choose the owner from your team' });
    expect(formLevelErrors(server)).toEqual(['This action is not in the library']);
  });
});
