import { useRef, useState } from 'react';
import { Link } from '../components/link';
import { PageLoading, useLoadingInSight } from '../components/page-loading';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { toast } from '../components/ui/use-toast';
import { useUser } from '../features/auth/use-user';
import { SignInRequired } from '../features/auth/sign-in-required';
import { deleteCheckupAttempt } from '../features/checkup/api';
import { checkupProgressQueryKey, useCheckupProgress } from '../features/checkup/use-checkup-queries';
import { ProgressView } from '../features/checkup/progress-view';
import { errorText } from '../lib/api';
import { useQueryClient } from '../lib/query-client';

/** /checkup/progress: a member's Check-Ups over time (signed in only). */
export default function CheckupProgressPage() {
  const { user, isLoading } = useUser();
  const progress = useCheckupProgress(Boolean(user));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);

  if (isLoading) return <PageLoading />;
  if (!user) return <SignInRequired />;

  const onDelete = async (id: string) => {
    setDeleting(id);
    try {
      await deleteCheckupAttempt(id);
      toast({ title: 'Check-Up deleted', description: 'That attempt and its results link are gone.' });
    } catch (error) {
      toast({ title: 'Check-Up not deleted', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: checkupProgressQueryKey });
    }
  };

  return (
    <>
      <PageHeader eyebrow="The Check-Up" title="Your progress">
        <p>Every Check-Up you took, and how each pillar has moved since your first.</p>
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-10 wrap-anywhere">
        {progress.isPending ? (
          <ProgressLoading />
        ) : progress.isError ? (
          <p role="alert" className="text-red-800">
            Your Check-Ups could not be loaded. Please reload the page.
          </p>
        ) : (
          <ProgressView progress={progress.data} onDelete={(id) => void onDelete(id)} deleting={deleting} />
        )}
        {progress.data && progress.data.attempts.length > 0 && (
          <p className="mt-8">
            <Link to="/checkup" className={buttonClasses('primary', 'md')}>
              Take the Check-Up again
            </Link>
          </p>
        )}
      </div>
    </>
  );
}

/** While the attempts load: in sight under the header, also on a page reloaded far down. */
function ProgressLoading() {
  const status = useRef<HTMLParagraphElement>(null);
  useLoadingInSight(status);
  return (
    <p ref={status} role="status">
      Loading your Check-Ups…
    </p>
  );
}
