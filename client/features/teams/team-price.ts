import { formatDollars, periodPrice, plans, type PlanType, teamPlans } from '#shared/pricing';

/** "$15 per seat a month", "$150 per seat a year". */
export const perSeatText = (plan: PlanType) => `${formatDollars(teamPlans[plan].perSeatCents)} per seat a ${plans[plan].interval}`;

/** "3 seats × $15/month". */
export const seatsTimesText = (plan: PlanType, seats: number) =>
  `${seats} ${seats === 1 ? 'seat' : 'seats'} × ${formatDollars(teamPlans[plan].perSeatCents)}/${plans[plan].interval}`;

/** "$45 a month" for 3 monthly seats: what every period costs. */
export const totalText = (plan: PlanType, seats: number) => `${formatDollars(periodPrice(plan, seats))} a ${plans[plan].interval}`;
