import { useCallback, useState } from 'react';

function read<T extends object>(key: string, empty: T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? ({ ...empty, ...(JSON.parse(raw) as Partial<T>) } as T) : null;
  } catch {
    return null;
  }
}

/**
 * A draft being written that survives a reload or a crash of the tab: kept in this browser
 * (under `key`) while it differs from what is saved, and dropped once it is saved. Gives the draft
 * to start the form from and says whether an earlier unsaved draft was brought back.
 */
export function useUnsavedDraft<T extends object>(key: string, saved: T) {
  const [initial] = useState<T>(() => read(key, saved) ?? saved);
  const [restored] = useState(() => JSON.stringify(initial) !== JSON.stringify(saved));
  const savedText = JSON.stringify(saved);
  const isSaved = useCallback((draft: T) => JSON.stringify(draft) === savedText, [savedText]);
  const keep = useCallback(
    (draft: T) => {
      if (isSaved(draft)) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(draft));
    },
    [key, isSaved],
  );
  const forget = useCallback(() => window.localStorage.removeItem(key), [key]);
  return { initial, restored, isSaved, keep, forget };
}
