import { plans } from '#shared/pricing';
import { GRANT_PROVIDER } from './membership';
import type { MembershipRow } from './repo';

/** What /account shows: the member's plan and where it stands; never provider ids. */
export function membershipView(row: MembershipRow | undefined) {
  if (!row) return null;
  if (row.provider === GRANT_PROVIDER) {
    // Granted by the team: nothing is billed, so there is no plan, price or renewal to show; a
    // time-limited grant's end is its period end (decision 052).
    return {
      plan: null,
      status: row.status,
      amountCents: 0,
      interval: null,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: false,
      provider: row.provider,
      complimentary: true,
      endedByTeam: false,
    };
  }
  return {
    plan: row.plan,
    status: row.status,
    amountCents: plans[row.plan].amountCents,
    interval: plans[row.plan].interval,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    provider: row.provider,
    complimentary: false,
    /** An admin ended it at the end of its period: it cannot be resumed or switched. */
    endedByTeam: row.endedByAdminAt !== null,
  };
}
