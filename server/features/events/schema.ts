import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { UsageEvent } from '#shared/events/kinds';
import { createdAt } from '../../db/columns';

export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<NonNullable<UsageEvent['props']>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('usage_events_kind_created_idx').on(t.kind, t.createdAt)],
);
