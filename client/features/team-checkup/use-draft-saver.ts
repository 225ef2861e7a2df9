import { useEffect, useRef, useState } from 'react';
import type { AnswerDraft } from '#shared/team-checkup/schemas';
import { errorText } from '../../lib/api';
import { saveDraft } from './api';
import { createDraftSaver, type SaveState } from './draft-saver';

const saveTexts: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved yet: trying again…',
  refused: 'Not saved',
};

/**
 * Keeps the progress given with `draft` on the server for the personal link `token`, each time it
 * changes (not the progress it started from, which the server has): what to say about it, and the
 * server's words when it refused (the round closed, the invitation withdrawn). `active`: false
 * while nothing is being answered yet.
 */
export function useDraftSaver(token: string, draft: AnswerDraft, start: AnswerDraft, active: boolean) {
  const [state, setState] = useState<SaveState>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const saver = useRef<ReturnType<typeof createDraftSaver> | null>(null);
  const lastSent = useRef(JSON.stringify(start));

  useEffect(() => {
    const current = createDraftSaver({
      save: (next) => saveDraft(token, next),
      onState: (next, error) => {
        setState(next);
        if (next === 'refused') setRefusal(errorText(error, 'Your answers could not be saved.'));
      },
    });
    saver.current = current;
    return () => current.dispose();
  }, [token]);

  const json = JSON.stringify(draft);
  useEffect(() => {
    if (!active || json === lastSent.current) return;
    lastSent.current = json;
    saver.current?.push(JSON.parse(json) as AnswerDraft);
  }, [json, active]);

  return { saveText: saveTexts[state], refusal, setRefusal, stop: () => saver.current?.dispose() };
}
