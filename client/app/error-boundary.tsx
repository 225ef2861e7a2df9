import { Component, type ReactNode } from 'react';
import { buttonClasses } from '../components/ui/button-classes';
import { errorType, reportError } from '../lib/report-error';
import { PageHydrated } from './page-hydrated';

interface State {
  failed: boolean;
}

/**
 * A page that throws while rendering (or whose code cannot be loaded, after a new release) shows
 * this instead of a blank screen, and is recorded as an `error` event. The layout gives it the
 * path as its key, so going to another page starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportError('boundary', { type: errorType(error) });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
        <h1 className="font-serif text-3xl font-bold">Something went wrong on this page</h1>
        <p className="mt-3 text-stone-700">Reloading usually fixes it. If it does not, the team has been told and will look into it.</p>
        <div className="mt-8 flex gap-3">
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses('primary')}>
            Reload the page
          </button>
          <a href="/" className={buttonClasses('outline')}>
            Go Home
          </a>
        </div>
        <PageHydrated />
      </div>
    );
  }
}
