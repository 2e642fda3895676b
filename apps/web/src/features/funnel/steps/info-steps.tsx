import { type Intention, WORST_APP_LABELS, type WorstApp } from '@stillpoint/core';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { brand } from '../../../lib/brand';
import { ContinueStep } from './continue-step';
import { ProofFigures } from './proof-figures';

const whatHelps: Record<Intention, string> = {
  'be present': 'Each pause is a moment to look up and choose the people and places around you.',
  'find calm': 'Each pause is a slow breath before the feed, instead of a jolt of news and noise.',
  'find focus': 'Each pause stops a reflex visit before it breaks your train of thought.',
};

/** RIGHT_SPOT: why Stillpoint fits what the person came for. */
export function RightSpotStep({ intention, next }: { intention: Intention | null; next(): void }) {
  return (
    <ContinueStep
      title="You're in the right spot"
      lead={
        intention
          ? `People come to ${brand.name} to ${intention}. ${whatHelps[intention]}`
          : `${brand.name} puts a short breath between you and the apps that pull you in.`
      }
      next={next}
    >
      {/* Why a pause works, and how often Stillpoint's pauses end the same way once there are enough. */}
      <ProofFigures wanted={['studyClosedAgain', 'turnedBackShare']} />
    </ContinueStep>
  );
}

/** FIRST_REVIEW: how people rate Stillpoint and how many pauses it counted, else what the study found. */
export function FirstReviewStep({ next }: { next(): void }) {
  return (
    <ContinueStep
      title="Taking time back, one pause at a time"
      lead="A pause before the feed is small. Day after day, it adds up."
      next={next}
    >
      <ProofFigures wanted={['storeRating', 'pausesTaken', 'studyTurnBackOption']} max={2} />
    </ContinueStep>
  );
}

/** SECOND_REVIEW: what changed over weeks, in a published study of a pause before an app. */
export function SecondReviewStep({ next }: { next(): void }) {
  return (
    <ContinueStep
      title="Small pauses, real change"
      lead="What a pause before opening an app changed over six weeks, in a published study."
      next={next}
    >
      <ProofFigures wanted={['studyFewerOpenings']} />
    </ContinueStep>
  );
}

/** BEFORE_STILLPOINT: the day with the worst app, before and with Stillpoint. */
export function BeforeStillpointStep({ worstApp, next }: { worstApp: WorstApp | null; next(): void }) {
  const app = worstApp && worstApp !== 'other' ? WORST_APP_LABELS[worstApp] : 'that app';
  const before = [
    `You open ${app} without deciding to`,
    'A minute becomes an hour',
    'You close it feeling worse',
  ];
  const after = [
    `A short breath before ${app} opens`,
    'You choose: turn back, or a timed session',
    'A daily budget you set, and keep',
  ];
  return (
    <ContinueStep title={`Before ${brand.name}, and after`} next={next}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Column tone="before" heading={`Before ${brand.name}`} lines={before} />
        <Column tone="after" heading={`With ${brand.name}`} lines={after} />
      </div>
    </ContinueStep>
  );
}

const columnStyles = {
  before: { box: 'border-line bg-surface', heading: 'text-muted', Icon: X, icon: 'text-danger' },
  after: {
    box: 'border-accent bg-accent-soft',
    heading: 'text-accent-strong',
    Icon: Check,
    icon: 'text-accent-strong',
  },
} as const;

function Column({ tone, heading, lines }: { tone: 'before' | 'after'; heading: string; lines: string[] }) {
  const headingId = useId();
  const { box, heading: headingStyle, Icon, icon } = columnStyles[tone];
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl border p-5 ${box}`}>
      <h2 id={headingId} className={`mb-3 text-base font-semibold ${headingStyle}`}>
        {heading}
      </h2>
      <ul className="flex flex-col gap-3">
        {lines.map((line) => (
          <li key={line} className="flex gap-2 text-ink">
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${icon}`} />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
