import { createContext, useContext } from 'react';

/** How the server rendered the page, so the client's first render (hydration) draws the same. */
export interface RenderFacts {
  /**
   * How the server drew the signed-in user: true where it showed them as still loading (the
   * member home's shell for a visitor holding the signed-in hint, pages that need an account),
   * false where it showed the visitor's view.
   */
  userPending: boolean;
  /** When the server rendered the page (ISO 8601): dates drawn from it hydrate unchanged. */
  renderedAt: string;
}

const RenderFactsContext = createContext<RenderFacts>({ userPending: false, renderedAt: new Date(0).toISOString() });
export const RenderFactsProvider = RenderFactsContext.Provider;

/** How the page was first rendered; what matters while `useHydrated()` is false. */
export function useRenderFacts(): RenderFacts {
  return useContext(RenderFactsContext);
}
