import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { allyReviewSchema, type DirectoryAlly } from '#shared/allies/schemas';
import type { z } from '#shared/zod';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useAllyReviews, useReviewMutations } from './api';
import { useSiteDates } from '../site/use-site-dates';

/** Members' reviews of one ally, and the signed-in member's own review (one each, editable, deletable). */
export function AllyReviews({ ally }: { ally: DirectoryAlly }) {
  const formatDay = useSiteDates().short;
  const reviews = useAllyReviews(ally.id);
  const others = reviews.data?.reviews.filter((r) => !r.mine) ?? [];
  return (
    <section className="grid gap-3 rounded-lg bg-stone-50 p-4" aria-label={`Member reviews of ${ally.name}`}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-stone-600">Member reviews</h3>
      {reviews.isPending ? (
        <p className="text-sm text-stone-600">Loading reviews…</p>
      ) : reviews.isError ? (
        <p className="text-sm text-red-700">{errorText(reviews.error, 'Failed to load reviews')}</p>
      ) : others.length === 0 ? (
        <p className="text-sm text-stone-600">No other member has reviewed this ally yet.</p>
      ) : (
        <ul className="grid gap-3">
          {others.map((review) => (
            <li key={review.id} className="text-sm">
              <p className="font-medium text-stone-900">
                <Stars rating={review.rating} /> {review.author} <span className="font-normal text-stone-600">· {formatDay(review.createdAt)}</span>
              </p>
              {review.comment && <p className="mt-1 whitespace-pre-line break-words text-stone-800">{review.comment}</p>}
            </li>
          ))}
        </ul>
      )}
      <MyReview ally={ally} />
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex align-[-2px]" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={n <= rating ? 'h-4 w-4 fill-accent-600 text-accent-600' : 'h-4 w-4 text-stone-400'} aria-hidden="true" />
      ))}
    </span>
  );
}

type ReviewValues = z.input<typeof allyReviewSchema>;
type Review = z.output<typeof allyReviewSchema>;

function MyReview({ ally }: { ally: DirectoryAlly }) {
  const mine = ally.myReview;
  const [editing, setEditing] = useState(!mine);
  const form = useForm<ReviewValues, unknown, Review>({
    resolver: zodResolver(allyReviewSchema),
    defaultValues: { rating: mine?.rating ?? 0, comment: mine?.comment ?? '' },
  });
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';
  const { errors } = form.formState;
  // One alert for the whole form: no star chosen yet, else the schema's words, else the server's.
  const error = errors.rating
    ? rating.value === 0
      ? 'Please choose a rating from 1 to 5 stars.'
      : errors.rating.message
    : (errors.comment?.message ?? errors.root?.server?.message);
  const { save, remove } = useReviewMutations(ally.id);
  const commentId = useId();
  const errorId = useId();

  if (mine && !editing) {
    return (
      <div className="grid gap-2 border-t border-stone-200 pt-3 text-sm">
        <p className="font-medium text-stone-900">
          Your review: <Stars rating={mine.rating} />
        </p>
        {mine.comment && <p className="whitespace-pre-line break-words text-stone-800">{mine.comment}</p>}
        {mine.hidden && <p className="text-stone-600">A moderator has hidden this review from other members.</p>}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              form.reset({ rating: mine.rating, comment: mine.comment });
              setEditing(true);
            }}
          >
            Edit review
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  form.reset({ rating: 0, comment: '' });
                  setEditing(true);
                  toast({ title: 'Review deleted' });
                },
                onError: (e) => toast({ title: 'Error', description: errorText(e, 'Failed to delete review'), variant: 'destructive' }),
              })
            }
          >
            Delete review
          </Button>
        </div>
      </div>
    );
  }

  const submit = form.handleSubmit((review) =>
    save.mutate(review, {
      onSuccess: () => {
        setEditing(false);
        toast({ title: 'Review saved', description: 'Thanks for helping other members choose.' });
      },
      onError: (e) => form.setError('root.server', { message: errorText(e, 'Failed to save your review. Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-stone-200 pt-3" aria-describedby={error ? errorId : undefined}>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{mine ? 'Edit your rating' : `Rate ${ally.name}`}</legend>
        <div className="mt-1 flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
              <input
                ref={n === 1 ? rating.ref : undefined}
                type="radio"
                name={`rating-${ally.id}`}
                value={n}
                checked={rating.value === n}
                onChange={() => rating.onChange(n)}
                onBlur={rating.onBlur}
                className="sr-only"
              />
              <Star className={n <= rating.value ? 'h-6 w-6 fill-accent-600 text-accent-600' : 'h-6 w-6 text-stone-500'} aria-hidden="true" />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={commentId} className="text-sm font-medium text-stone-800">
          Short comment (optional)
        </label>
        <textarea
          id={commentId}
          maxLength={500}
          rows={3}
          {...form.register('comment')}
          className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <p className="text-xs text-stone-600">{comment.length}/500 characters</p>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save review'}
        </Button>
        {mine && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
