import type { AuthConfig } from '@stillpoint/core';
import { Fragment } from 'react';
import { formatPhoneNumberIntl } from 'react-phone-number-input';

interface TestPhoneHintProps {
  numbers: AuthConfig['testPhoneNumbers'];
}

/** Outside production only: the server's test numbers, which sign in with a fixed code and send nothing. */
export function TestPhoneHint({ numbers }: TestPhoneHintProps) {
  if (numbers.length === 0) return null;
  return (
    <p className="rounded-lg border border-dashed border-line px-3 py-2 text-xs text-muted">
      <span className="font-semibold uppercase tracking-wide">Development</span>: test{' '}
      {numbers.length === 1 ? 'number' : 'numbers'}{' '}
      {numbers.map(({ phoneNumber, code }, index) => (
        <Fragment key={phoneNumber}>
          {index > 0 ? ', ' : null}
          <span className="font-mono text-ink">{formatPhoneNumberIntl(phoneNumber) || phoneNumber}</span> with
          code <span className="font-mono text-ink">{code}</span>
        </Fragment>
      ))}
      . No text message is sent.
    </p>
  );
}
