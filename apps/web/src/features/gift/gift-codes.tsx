import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/** How long 'Copied' shows before the button reads 'Copy' again. */
const COPIED_MS = 2000;

/**
 * The purchase's codes: a list when there are several, each in large type, selectable with one
 * click, and with a Copy button where the browser lets the page write to the clipboard.
 */
export function GiftCodes({
  codes,
  voided = [],
}: {
  codes: readonly string[];
  /** Codes a refund voided: shown, marked, and without a Copy button. */
  voided?: readonly string[];
}) {
  const headingId = useId();
  const several = codes.length > 1;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {several ? 'Your gift codes' : 'Your gift code'}
      </h2>
      {several ? (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {codes.map((code) => (
            <li key={code}>
              <CodeRow code={code} voided={voided.includes(code)} />
            </li>
          ))}
        </ul>
      ) : codes[0] ? (
        <CodeRow code={codes[0]} voided={voided.includes(codes[0])} />
      ) : null}
    </section>
  );
}

function CodeRow({ code, voided }: { code: string; voided: boolean }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-surface py-2 pr-2 pl-5 shadow-sm">
      {voided ? (
        <>
          <span className="font-mono text-2xl font-semibold tracking-[0.25em] text-muted line-through">
            {code}
          </span>
          <span className="pr-3 text-sm font-medium text-danger">Refunded, no longer valid</span>
        </>
      ) : (
        <>
          <span className="font-mono text-2xl font-semibold tracking-[0.25em] text-ink select-all">
            {code}
          </span>
          <CopyButton value={code} label={`code ${code}`} />
        </>
      )}
    </div>
  );
}

/** Copies `value`; `label` names it for a screen reader, e.g. 'code ABC234' or 'the link'. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // Without the clipboard (an insecure origin, an old browser) the code is still one click from
  // selected, so no button that cannot work.
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-accent transition-colors hover:bg-accent-soft"
      >
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === 'copied' ? 'Copied' : 'Copy'} <span className="sr-only">{label}</span>
      </button>
      <span role="status" className="sr-only">
        {state === 'copied'
          ? `Copied ${value}`
          : state === 'failed'
            ? `Couldn't copy ${value}; select it instead`
            : ''}
      </span>
    </>
  );
}
