import { useEffect, useState } from 'react';
import { Link } from '../../components/link';
import { Button, buttonClasses } from '../../components/ui/button';
import { countdownMessage } from './countdown';
import { useCountdownRedirect } from './use-countdown-redirect';

/**
 * The visible countdown to the dashboard, the button to go now, and a way to stay. Screen
 * readers hear the countdown once, from a polite live region filled after mount (a region's
 * first content is not announced); the ticking number itself is not live, so it never chatters.
 */
export function CountdownNotice({ seconds }: { seconds: number }) {
  const { remaining, stopped, stop } = useCountdownRedirect(seconds, '/');
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setAnnouncement(`${countdownMessage(seconds)}.`), 100);
    return () => clearTimeout(timer);
  }, [seconds]);

  return (
    <div className="flex flex-col items-center gap-4">
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        Take Me to My Dashboard
      </Link>
      <p className="text-sm text-stone-700" data-testid="countdown">
        {stopped ? 'Automatic redirect stopped. Take your time.' : countdownMessage(remaining)}
      </p>
      {!stopped && (
        <Button variant="ghost" size="sm" onClick={stop}>
          Stay on this page
        </Button>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {stopped ? '' : announcement}
      </p>
    </div>
  );
}
