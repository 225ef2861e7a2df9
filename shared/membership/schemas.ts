import { z } from '../zod';
import type { PlanType } from '../pricing';
import { offerCodeSchema } from './offers';

/**
 * The plan of create-checkout-session and create-subscription (docs/product.md §7). Both payload
 * variants are accepted: `planType` or the older `plan`; `annual` means `yearly` (docs/product.md (Decisions),
 * "Plan names"). A `userId` in the body is accepted and ignored: the session decides who pays.
 */
const planValue = z
  .enum(['monthly', 'yearly', 'annual'], { error: 'Choose a plan: monthly or yearly' })
  .transform((v): PlanType => (v === 'annual' ? 'yearly' : v));

export const planRequestSchema = z
  .object({
    planType: planValue.optional(),
    plan: planValue.optional(),
    userId: z.unknown().optional(),
    /** An offer's code, from its link (decision 054). */
    offer: offerCodeSchema.optional(),
  })
  .strict();

export type PlanRequest = z.infer<typeof planRequestSchema>;

/**
 * An expiry date as card forms write it while it is typed: digits only, "1230" -> "12 / 30",
 * "0" -> "0", "12" -> "12", "123" -> "12 / 3"; "12/30" and "12 / 30" stay "12 / 30".
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The local test provider's card form (docs/payments.md lists the test cards). Only the shape
 * is checked here; whether the card pays is the provider's answer.
 */
export const testCardSchema = z
  .object({
    cardNumber: z
      .string({ error: 'Your card number is incomplete.' })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
    expiry: z
      .string({ error: "Your card's expiration date is incomplete." })
      .transform(formatExpiry)
      .pipe(z.string().regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, "Your card's expiration date is incomplete. Use MM / YY.")),
    cvc: z
      .string({ error: "Your card's security code is incomplete." })
      .trim()
      .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
    /** /subscribe's embedded form proves it was started from create-subscription's client secret. */
    clientSecret: z.string().max(200).optional(),
  })
  .strict();

export type TestCardInput = z.input<typeof testCardSchema>;

/** /account's plan switch: the plan to move to (its price is previewed first). */
export const changePlanSchema = z.object({ planType: planValue }).strict();

export const receiptParamsSchema = z.object({ id: z.string().min(1).max(200, 'Unknown receipt') }).strict();

/** One charge in the receipt history (/account) and on its printable receipt. */
export interface Receipt {
  id: string;
  plan: PlanType;
  description: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  refundedAt: string | null;
  /** What was refunded: all of it, or the unused part when its member moved to a team seat (decision 055). */
  refundedCents: number | null;
  /** The offer whose discount this charge carried (decision 054); `endsAt` on the printable receipt, while the provider still has the discount. */
  offer: { label: string; discountCents: number; terms: string; endsAt?: string | null } | null;
}

/** The offer a member's membership is charged under, as /account shows it (decision 054). */
export interface MembershipOffer {
  /** The offer's name, as the admin wrote it. */
  label: string;
  /** What each period costs under it. */
  amountCents: number;
  /** Its discount in words: "25% off for 3 months". */
  terms: string;
  /** When charges go back to the plan's price; null: never. */
  endsAt: string | null;
}
