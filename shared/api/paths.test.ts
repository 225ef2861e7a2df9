import { describe, expect, it } from 'vitest';
import { apiPath, apiPaths } from './paths';

describe('apiPath', () => {
  it('fills in each path value, encoded, and leaves paths without values alone', () => {
    expect(apiPath(apiPaths.checkupBreakdown, { id: 'a b/c' })).toBe('/api/checkup-results/a%20b%2Fc/breakdown');
    expect(apiPath(apiPaths.guideFile, { file: 'fuel.pdf' })).toBe('/api/guides/fuel.pdf');
    expect(apiPath(apiPaths.contact, {})).toBe('/api/contact');
  });
});
