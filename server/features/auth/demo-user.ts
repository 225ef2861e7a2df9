import { grantPremium, lockMember } from '../membership/membership';
import type { Database } from '../../db/client';
import { hashPassword } from './password';
import { findUserByEmail, insertUserIfAbsent } from '../../users-repo';

/**
 * The local demo account of docs/product.md §3 (premium, not admin). It exists only when the server
 * runs with DEMO_MODE on, so evaluators can see premium pages with a real premium session;
 * docs/auth.md gives its sign-in details.
 */
export const demoUser = {
  email: 'demo@nonprofitleadershub.org',
  password: 'demo-premium',
  firstName: 'Demo',
  lastName: 'Member',
} as const;

/** Idempotent: an existing demo account (or any account on that email) is left as it is. */
export async function seedDemoUser(db: Database, scryptN: number): Promise<void> {
  if (await findUserByEmail(db, demoUser.email)) return;
  const { password, ...profile } = demoUser;
  await insertUserIfAbsent(db, { ...profile, passwordHash: await hashPassword(password, scryptN) });
  const user = await findUserByEmail(db, demoUser.email);
  if (!user) return;
  // Premium as any member has it: a membership (a grant), decision 025.
  await db.transaction(async (tx) => {
    await lockMember(tx, user.id);
    await grantPremium(tx, user.id);
  });
}
