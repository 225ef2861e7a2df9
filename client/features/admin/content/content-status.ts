import type { ContentSummary } from '#shared/content/pages';
import { formatDateTime } from '../list-table';

/** An item's status in words: "Draft", "Scheduled <time>", "Published" (with unpublished changes or not). */
export function statusText(item: Pick<ContentSummary, 'status' | 'publishAt' | 'unpublishedChanges'>): string {
  if (item.status === 'scheduled') return `Scheduled ${item.publishAt ? formatDateTime(item.publishAt) : ''}`.trim();
  if (item.status === 'published') return item.unpublishedChanges ? 'Published · unpublished changes' : 'Published';
  return 'Draft';
}
