import type { ContentSection, ContentSummary } from '#shared/content/pages';
import type { AdminTime } from '../admin-time';

type Status = Pick<ContentSummary, 'status' | 'publishAt' | 'unpublishedChanges'>;

/** What visitors see: "Draft", "Scheduled <time>" (not live yet), "Published" (with unpublished changes or not). */
export function statusText(item: Status, time: AdminTime): string {
  if (item.status === 'scheduled') return `Scheduled ${item.publishAt ? time.dateTime(item.publishAt) : ''}`.trim();
  if (item.status === 'published') return item.unpublishedChanges && !item.publishAt ? 'Published · unpublished changes' : 'Published';
  return 'Draft';
}

/** A change to a live page waiting for its time, or null: shown beside "Published", so both are seen. */
export function scheduledChangeText(item: Status, time: AdminTime): string | null {
  return item.status === 'published' && item.publishAt ? `Change scheduled ${time.dateTime(item.publishAt)}` : null;
}

/** The button and the editor's heading for a new item of an open section. */
export const newItemLabels: Partial<Record<ContentSection, string>> = { resources: 'New resource', premium: 'New premium page', actions: 'New plan action' };
