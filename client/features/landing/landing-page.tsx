import Placeholder from '../../pages/placeholder';

/** The landing page for visitors (spec point 2, "Landing page"). */
export function LandingPage() {
  return <Placeholder />;
}
