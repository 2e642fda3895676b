import { Star } from 'lucide-react';

/** Five stars filled to the rating: 4.6 fills four and most of the fifth, never all five. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="flex gap-0.5">
      {[0, 1, 2, 3, 4].map((star) => {
        const fill = Math.min(1, Math.max(0, rating - star));
        return (
          <span key={star} className="relative size-4">
            <Star className="absolute inset-0 size-4 text-line" fill="currentColor" strokeWidth={0} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="size-4 text-amber-500" fill="currentColor" strokeWidth={0} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
