import type { Processor } from '@stillpoint/core';
import { LegalText } from './legal-text';

/** The services that process data for Stillpoint: what each does and what it receives. */
export function ProcessorList({ processors }: { processors: readonly Processor[] }) {
  return (
    <ul className="mt-5 flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
      {processors.map((processor) => (
        <li key={processor.id} className="flex flex-col gap-1 p-5">
          <h3 className="font-semibold text-ink">{processor.name}</h3>
          <p className="text-[0.9375rem] leading-relaxed text-ink">
            <LegalText text={processor.role} />
          </p>
          <p className="text-[0.9375rem] leading-relaxed text-muted">
            <span className="font-semibold">Receives: </span>
            <LegalText text={processor.receives} />
          </p>
        </li>
      ))}
    </ul>
  );
}
