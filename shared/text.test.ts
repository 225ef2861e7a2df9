import { describe, expect, it } from 'vitest';
import { isStorableText } from './text';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones', () => {
    expect(isStorableText('Alice')).toBe(true);
    expect(isStorableText('emoji 😀 ok')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00y')).toBe(false);
    expect(isStorableText('\ud83d\ude00\ud83d')).toBe(false);
  });
});
