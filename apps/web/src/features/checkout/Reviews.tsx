import { REVIEW_MAX_RATING, REVIEWS } from '@stillpoint/core';
import { Star } from 'lucide-react';
import { useId } from 'react';

/** SPEC §2 /checkout's reviews: core's REVIEWS, each with its stars, text and reviewer. */
export function Reviews() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        What people say
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {REVIEWS.map((review) => (
          <li key={review.name}>
            <figure className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
              <Stars rating={review.rating} />
              <blockquote className="flex-1 text-ink">
                <p>“{review.text}”</p>
              </blockquote>
              <figcaption className="text-sm font-medium text-muted">{review.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5">
      <span className="sr-only">
        Rated {rating} out of {REVIEW_MAX_RATING}
      </span>
      {Array.from({ length: REVIEW_MAX_RATING }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are fixed in number and never reorder.
          key={index}
          aria-hidden="true"
          className={`size-4 ${index < rating ? 'fill-amber-500 text-amber-500' : 'fill-line text-line'}`}
        />
      ))}
    </p>
  );
}
