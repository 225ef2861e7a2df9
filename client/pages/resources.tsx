import type { PreloadContext } from '../app/routes';
import { PageHeader } from '../components/page-header';
import { resourcesQuery } from '../features/content/use-published';
import { ResourceLibrary } from '../features/resources/resource-library';

export const preload = async ({ queryClient }: PreloadContext) => (await queryClient()).prefetchQuery(resourcesQuery);

/** /resources: the free library of checklists, templates and worksheets (docs/product.md §2). */
export default function ResourcesPage() {
  return (
    <>
      <PageHeader wide eyebrow="Free resources library" title="Resources for Nonprofit Leaders">
        <p>Checklists, templates and worksheets you can use this week, grouped by the five pillars. Open any resource to read it in full.</p>
      </PageHeader>
      <ResourceLibrary />
    </>
  );
}
