import { useState } from 'react';

interface Change<V> {
  mutate: (value: V, options: { onSettled: () => void }) => void;
}

/**
 * The value an admin control shows while its change is on the way. It is set in the event
 * itself: the mutation's pending state reaches React a tick later, and in between React would put
 * a controlled box or select back as the list has it (a visible flicker). The sent value stays
 * until the reloaded list holds the server's, or the change fails and the saved value returns.
 * Meanwhile a further change is ignored rather than the control disabled: disabling it would
 * take the keyboard focus away from the person using it.
 */
export function useSentValue<V>(change: Change<V>, saved: V) {
  const [sending, setSending] = useState<{ value: V } | null>(null);
  return {
    value: sending ? sending.value : saved,
    send: (value: V) => {
      if (sending) return;
      setSending({ value });
      change.mutate(value, { onSettled: () => setSending(null) });
    },
  };
}
