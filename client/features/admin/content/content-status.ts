import type { ContentSummary } from '#shared/content/pages';
import type { AdminTime } from '../admin-time';

/** An item's status in words: "Draft", "Scheduled <time>", "Published" (with unpublished changes or not). */
export function statusText(item: Pick<ContentSummary, 'status' | 'publishAt' | 'unpublishedChanges'>, time: AdminTime): string {
  if (item.status === 'scheduled') return `Scheduled ${item.publishAt ? time.dateTime(item.publishAt) : ''}`.trim();
  if (item.status === 'published') return item.unpublishedChanges ? 'Published · unpublished changes' : 'Published';
  return 'Draft';
}
