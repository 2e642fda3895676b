import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

interface OutcomeProps {
  tone: 'done' | 'problem';
  heading: string;
  children?: ReactNode;
}

/**
 * What a newsletter link did, as a card under the page's heading. Its heading takes the focus when
 * it appears, which is how a screen reader hears the result.
 */
export function Outcome({ tone, heading, children }: OutcomeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const Icon = tone === 'done' ? CircleCheck : CircleAlert;
  return (
    <section className="mt-8 flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10">
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={`mt-0.5 size-6 shrink-0 ${tone === 'done' ? 'text-accent' : 'text-danger'}`}
        />
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight text-ink outline-none"
        >
          {heading}
        </h2>
      </div>
      {children}
    </section>
  );
}
