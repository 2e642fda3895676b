/** Past this many the dots would wrap into a block nobody counts; the sentence says it instead. */
const MAX_DOTS = 30;

interface BudgetDotsProps {
  used: number;
  budget: number;
}

/** One dot per session in today's budget, filled for each one already used. */
export function BudgetDots({ used, budget }: BudgetDotsProps) {
  const filled = Math.min(used, budget);
  const label = `${filled} of ${budget} ${budget === 1 ? 'session' : 'sessions'} used today`;
  if (budget <= 0 || budget > MAX_DOTS) return null;
  return (
    <div role="img" aria-label={label} className="flex flex-wrap justify-center gap-2.5">
      {Array.from({ length: budget }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else identifies them.
          key={index}
          data-used={index < filled}
          className="size-3.5 rounded-full border-2 border-accent data-[used=true]:bg-accent"
        />
      ))}
    </div>
  );
}
