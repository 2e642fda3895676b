import type { PressMention } from '@stillpoint/core';
import { useId } from 'react';

/**
 * SPEC §2 "press logos": the publications that wrote about Stillpoint, each drawn as our own
 * typographic mark of its name (no copies of their logos), linking to the article. Nothing at all
 * while there are none: core's PRESS_MENTIONS is empty until there is real coverage to point to.
 */
export function PressStrip({ mentions }: { mentions: readonly PressMention[] }) {
  const headingId = useId();
  if (mentions.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col items-center gap-3">
      <h2 id={headingId} className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        As featured in
      </h2>
      <ul className="flex flex-wrap items-center justify-center gap-x-7 gap-y-2">
        {mentions.map((mention) => (
          <li key={mention.url}>
            <a
              href={mention.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-serif text-lg font-semibold tracking-tight text-muted italic transition-colors hover:text-ink"
            >
              {mention.name}
              <span className="sr-only"> (opens the article in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
