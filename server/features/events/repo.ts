import type { UsageEvent } from '#shared/events/kinds';
import type { Database } from '../../db/client';
import { usageEvents } from './schema';

export async function insertUsageEvent(db: Database, event: UsageEvent): Promise<void> {
  await db.insert(usageEvents).values({ kind: event.kind, path: event.path, props: event.props ?? {} });
}
