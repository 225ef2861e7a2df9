import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { errorType, MAX_ERRORS_PER_PAGE_VIEW, reportError, resetErrorBudget, routeOf } from './report-error';

const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  resetErrorBudget();
  vi.stubGlobal('location', { pathname: '/checkup' });
  vi.stubGlobal('fetch', (_url: string, init: { body: string }) => {
    sent.push(JSON.parse(init.body));
    return Promise.resolve(new Response(null, { status: 202 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

it('sends the error event with where and what kind, never a message', () => {
  reportError('api', { status: 503, route: routeOf('/api/allies/3f2c1a9e-1111-4222-8333-444455556666/reviews?x=me@example.org') });
  expect(sent).toEqual([{ kind: 'error', path: '/checkup', props: { source: 'api', status: 503, route: '/api/allies/:id/reviews' } }]);
  expect(errorType(new TypeError('secret@example.org is not a function'))).toBe('TypeError');
});

it('sends at most a few per page view, and a new page view starts again', () => {
  for (let i = 0; i < 20; i++) reportError('page', { type: 'TypeError' });
  expect(sent).toHaveLength(MAX_ERRORS_PER_PAGE_VIEW);
  resetErrorBudget();
  reportError('boundary', { type: 'Error' });
  expect(sent).toHaveLength(MAX_ERRORS_PER_PAGE_VIEW + 1);
});
