/**
 * Whole seconds left of a countdown, from the clock rather than from counted ticks: a busy or
 * backgrounded tab delays timers, and the redirect must still happen on time.
 */
export function secondsLeft(totalSeconds: number, startedAt: number, now: number): number {
  const elapsed = Math.max(0, now - startedAt);
  return Math.max(0, totalSeconds - Math.floor(elapsed / 1000));
}

export function countdownMessage(seconds: number): string {
  return `Taking you to your dashboard in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}
