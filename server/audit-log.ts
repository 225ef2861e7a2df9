import type { PublicUser } from '#shared/auth/user';
import type { Executor } from './db/client';
import { adminAuditLog } from './db/schema';

export interface AuditAction {
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, string | number | boolean | null>;
}

/**
 * Appends one row to the admins' audit log; called inside the mutation's transaction so both
 * happen or neither. It sits below the features because the admin changes of every feature write it.
 */
export async function recordAudit(tx: Executor, admin: PublicUser, entry: AuditAction): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminId: admin.id, adminEmail: admin.email, details: {}, ...entry });
}
