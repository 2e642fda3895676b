import { LEGAL_BASES, type PersonalDataKind, PROCESSORS } from '@stillpoint/core';
import type { ReactNode } from 'react';
import { LegalText } from './legal-text';

const processorNames = new Map(PROCESSORS.map((processor) => [processor.id, processor.name]));

/** The data inventory: one card per kind of personal data, each a list of its facts. */
export function DataKindList({ kinds }: { kinds: readonly PersonalDataKind[] }) {
  return (
    <ul className="mt-6 flex flex-col gap-4">
      {kinds.map((kind) => (
        <li key={kind.id}>
          <article
            id={kind.id}
            aria-labelledby={`${kind.id}-name`}
            className="scroll-mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6"
          >
            <h3 id={`${kind.id}-name`} className="text-lg font-semibold tracking-tight text-ink">
              {kind.name}
            </h3>
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-[0.9375rem] leading-relaxed sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-y-3">
              <Fact term="What">
                <LegalText text={kind.what} />
              </Fact>
              <Fact term="Why">
                <LegalText text={kind.why} />
              </Fact>
              <Fact term="Legal basis">
                <Tags names={kind.basis.map((basis) => LEGAL_BASES[basis].name)} />
              </Fact>
              <Fact term="How long">
                <LegalText text={kind.kept} />
              </Fact>
              <Fact term="Shared with">
                {kind.sharedWith.length === 0 ? (
                  'Nobody'
                ) : (
                  <Tags names={kind.sharedWith.map((id) => processorNames.get(id) ?? id)} />
                )}
              </Fact>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="mt-2 text-sm font-semibold text-muted sm:mt-0 sm:pt-px">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </>
  );
}

/** Short names as a row of tags, each read as a list item. */
function Tags({ names }: { names: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5 pt-0.5">
      {names.map((name) => (
        <li key={name} className="rounded-full bg-accent-soft px-2.5 py-0.5 text-sm text-ink">
          {name}
        </li>
      ))}
    </ul>
  );
}
