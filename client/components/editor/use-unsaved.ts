import { useEffect, useState } from 'react';

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
 * (under `key`) while it differs from what is saved, and dropped once it is saved. Says whether
 * an earlier unsaved draft was brought back.
 */
export function useUnsavedDraft<T extends object>(key: string, saved: T) {
  const [draft, setDraft] = useState<T>(() => read(key, saved) ?? saved);
  const [restored] = useState(() => {
    const earlier = read(key, saved);
    return earlier !== null && JSON.stringify(earlier) !== JSON.stringify(saved);
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useEffect(() => {
    if (dirty) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  }, [draft, dirty, key]);
  const forget = () => window.localStorage.removeItem(key);
  return { draft, setDraft, restored, dirty, forget };
}
