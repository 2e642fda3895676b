import { marketingClaims } from '@stillpoint/core';
import { Clock, type LucideIcon, Smartphone, Star, TrendingDown, Wind } from 'lucide-react';
import { useId } from 'react';

/** The figures the product stands behind (core's marketingClaims, decision 020): one rating, no count. */
const claims: { text: string; icon: LucideIcon }[] = [
  { text: marketingClaims.fewerMindlessSessions, icon: TrendingDown },
  { text: marketingClaims.screenTimeReduction, icon: Smartphone },
  { text: marketingClaims.minutesSavedPerDay, icon: Clock },
  { text: marketingClaims.sessionsStopped, icon: Wind },
];

/** The figure in a claim, made to stand out: '56%', '40%', '42 mins', '10M+'. */
const FIGURE = /\d[\d.,]*(?:\s?mins|M\+|%|\+)?/;

function Claim({ text }: { text: string }) {
  const match = FIGURE.exec(text);
  if (!match) return <>{text}</>;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  return (
    <>
      {before}
      <strong className="text-lg font-semibold text-ink">{match[0]}</strong>
      {after}
    </>
  );
}

const RATING = Number(marketingClaims.rating);

/** Five stars filled to the rating: 4.7 fills four and most of the fifth, never all five. */
function RatingStars() {
  return (
    <span aria-hidden="true" className="flex gap-0.5">
      {[0, 1, 2, 3, 4].map((star) => {
        const fill = Math.min(1, Math.max(0, RATING - star));
        return (
          <span key={star} className="relative size-5">
            <Star className="absolute inset-0 size-5 text-line" fill="currentColor" strokeWidth={0} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="size-5 text-amber-500" fill="currentColor" strokeWidth={0} />
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** SPEC §2 personal-plan benefits: the rating, then what people get back. */
export function BenefitClaims() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-center text-xl font-semibold tracking-tight text-ink">
        What your plan does
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <li className="col-span-2 flex items-center justify-between gap-4 rounded-2xl border border-line bg-surface px-5 py-4 md:col-span-4">
          <span className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold tracking-tight text-ink">{marketingClaims.rating}</span>
            <span className="text-sm text-muted">
              <span className="sr-only">Rated {marketingClaims.rating} out of 5: </span>
              average rating
            </span>
          </span>
          <RatingStars />
        </li>
        {claims.map(({ text, icon: Icon }) => (
          <li key={text} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
            <span className="grid size-9 place-items-center rounded-full bg-accent-soft text-accent">
              <Icon aria-hidden="true" className="size-[18px]" strokeWidth={2.25} />
            </span>
            <span className="text-sm leading-snug text-muted">
              <Claim text={text} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
