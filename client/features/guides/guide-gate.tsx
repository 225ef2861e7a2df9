import { Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { PageLoading } from '../../components/page-loading';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAccess } from '../auth/use-access';
import { storage, storageKeys } from '../../lib/storage';
import { gateFor } from './gate';

interface GuideGateProps {
  /** Shown on the gate so the visitor knows what they are unlocking. */
  guideTitle: string;
  requiresFreeAccess: boolean;
  /** The wrapper of docs/product.md §2 can also ask for premium; no guide uses it today (docs/product.md §6). */
  requirePremium?: boolean;
  children: ReactNode;
}

/** Shows the guide, a spinner while the account loads, or what it takes to read it. */
export function GuideGate({ guideTitle, requiresFreeAccess, requirePremium = false, children }: GuideGateProps) {
  const access = useAccess();
  const state = gateFor(access, { requiresFreeAccess, requirePremium });
  if (state === 'open') return <>{children}</>;
  if (state === 'loading') return <PageLoading />;
  return <GateCard guideTitle={guideTitle} premium={state === 'premium-required'} />;
}

function GateCard({ guideTitle, premium }: { guideTitle: string; premium: boolean }) {
  const { pathname } = useLocation();
  const Icon = premium ? Sparkles : Lock;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Card className="text-center">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">{premium ? 'Premium Access Required' : 'Access Required'}</h1>
        <p className="mt-3 text-stone-700">
          {premium
            ? `${guideTitle} is part of the premium membership.`
            : `${guideTitle} is free for members of the community. Join The Weekly Dish newsletter to unlock it, or go premium for everything.`}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {!premium && (
            <Link to="/newsletter" className={buttonClasses('primary', 'md')}>
              Get Free Access
            </Link>
          )}
          <Link to="/premium" className={buttonClasses(premium ? 'primary' : 'outline', 'md')}>
            Go Premium
          </Link>
        </div>
        <p className="mt-6 text-sm text-stone-700">
          Already have an account?{' '}
          <Link
            to="/auth"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            // Back to this guide after signing in (docs/product.md (Decisions), "/api/login as a navigation").
            onClick={() => storage.set(storageKeys.redirectAfterAuth, pathname)}
          >
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}
