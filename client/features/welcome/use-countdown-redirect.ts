import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { secondsLeft } from './countdown';

/**
 * Counts `seconds` down and then replaces the page with `to` (so Back does not land on the
 * countdown again). `stop()` cancels it for someone who needs more time to read (WCAG 2.2.1).
 * The timer is cleared when the page unmounts, so leaving early never redirects later.
 */
export function useCountdownRedirect(seconds: number, to: string) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(seconds);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = secondsLeft(seconds, startedAt, Date.now());
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        navigate(to, { replace: true });
      }
    }, 200);
    return () => clearInterval(timer);
  }, [seconds, to, navigate, stopped]);

  return { remaining, stopped, stop: () => setStopped(true) };
}
