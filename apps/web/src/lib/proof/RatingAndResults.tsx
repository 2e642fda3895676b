import { marketingClaims } from '@stillpoint/core';
import { Star } from 'lucide-react';
import { useId } from 'react';

/** The figures the product stands behind (SPEC §9), not invented quotes: the rating and what people gain. */
const results = [
  { figure: marketingClaims.sessionsAvoidedPercent, text: 'fewer mindless sessions' },
  { figure: marketingClaims.minutesSavedShort, text: 'saved per day' },
  { figure: '10M+', text: 'sessions stopped' },
] as const;

/**
 * The reviews of SPEC §2 /checkout and the testimonials of /quiz-results: the rating people give
 * Stillpoint and the results they report. Quotes appear here only once there are real ones to
 * show, with permission (decision 020).
 */
export function RatingAndResults() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        What people say
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
          <span className="text-3xl font-semibold text-ink">{marketingClaims.rating}</span>
          <span className="flex gap-0.5" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((star) => (
              <Star key={star} className="size-4 fill-amber-500 text-amber-500" />
            ))}
          </span>
          <span className="text-sm text-muted">
            <span className="sr-only">Rated {marketingClaims.rating} out of 5: </span>
            average rating
          </span>
        </li>
        {results.map((result) => (
          <li key={result.text} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5">
            <span className="text-3xl font-semibold text-ink">{result.figure}</span>
            <span className="text-sm text-muted">{result.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
