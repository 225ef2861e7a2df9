import type { AppContext } from '../context';
import { billingNow } from './clock';
import { LocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { StripeProvider } from './stripe-provider';

/**
 * The payment provider the settings choose (server/env.ts): Stripe when STRIPE_SECRET_KEY is
 * set, otherwise the local test provider. One per app context, made on first use, so routes,
 * the membership check and other features (admin) share it.
 */
const providers = new WeakMap<AppContext, PaymentProvider>();

export function paymentProvider(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    const env = ctx.env;
    provider = env.STRIPE_SECRET_KEY
      ? new StripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          prices: { monthly: env.STRIPE_PRICE_MONTHLY!, yearly: env.STRIPE_PRICE_YEARLY! },
          teamPrices:
            env.STRIPE_PRICE_TEAM_MONTHLY && env.STRIPE_PRICE_TEAM_YEARLY
              ? { monthly: env.STRIPE_PRICE_TEAM_MONTHLY, yearly: env.STRIPE_PRICE_TEAM_YEARLY }
              : undefined,
          apiUrl: env.STRIPE_API_URL,
        })
      : new LocalProvider(ctx.db);
    providers.set(ctx, provider);
  }
  return provider;
}

/** The local provider, when it is the one in use. */
export function localProvider(ctx: AppContext): LocalProvider | undefined {
  const provider = paymentProvider(ctx);
  return provider instanceof LocalProvider ? provider : undefined;
}

/**
 * The one clock of every time-based rule of memberships: renewals, period ends, grants, team
 * invitations and checkouts. Under the local provider it is the billing clock, which
 * `npm run billing:clock` moves ahead (so a test can see a grant end as it sees a renewal); under
 * Stripe, whose periods follow real time, it is real time (an offset left from local testing
 * does not apply).
 */
export async function clockNow(ctx: AppContext): Promise<Date> {
  return localProvider(ctx) ? billingNow(ctx.db) : new Date();
}
