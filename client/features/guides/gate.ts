/** What a guide page shows, decided from the visitor's access (docs/product.md §2, §4 and §6). */
export type GateState = 'open' | 'loading' | 'access-required' | 'premium-required';

export interface GateAccess {
  hasFreeAccess: boolean;
  hasPremiumAccess: boolean;
  /** The signed-in user is still loading: the answer may still change. */
  isLoading: boolean;
}

export interface GateRequirement {
  requiresFreeAccess: boolean;
  requirePremium?: boolean;
}

/**
 * Open guides never wait; a gated one waits for the user only when what is known so far does
 * not already open it (the newsletter flag is read at once, the account takes a request), so
 * nobody sees a gate flash before their account loads. A premium requirement wins over the
 * free one: offering free access would not open the page.
 */
export function gateFor(access: GateAccess, requirement: GateRequirement): GateState {
  if (requirement.requirePremium) {
    if (access.hasPremiumAccess) return 'open';
    return access.isLoading ? 'loading' : 'premium-required';
  }
  if (!requirement.requiresFreeAccess || access.hasFreeAccess) return 'open';
  return access.isLoading ? 'loading' : 'access-required';
}
