import { Fragment } from 'react';

/** A long host wraps after a dot, never mid-word, when the card is narrow. */
export function BreakableHost({ host }: { host: string }) {
  const labels = host.split('.');
  return labels.map((label, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the labels of one host never reorder.
    <Fragment key={index}>
      {label}
      {index < labels.length - 1 ? (
        <>
          .<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
