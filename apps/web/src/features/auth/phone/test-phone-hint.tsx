import type { AuthConfig } from '@stillpoint/core';
import { Fragment, useEffect } from 'react';
import { formatPhoneNumberIntl } from 'react-phone-number-input/core';
import { showAllPhoneData, usePhoneData } from './phone-data';

interface TestPhoneHintProps {
  numbers: AuthConfig['testPhoneNumbers'];
}

/**
 * Where the development outbox is on: the server's test numbers, which sign in with the fixed code
 * set beside each in TEST_PHONE_NUMBERS and send nothing. The server never publishes the codes.
 */
export function TestPhoneHint({ numbers }: TestPhoneHintProps) {
  const { metadata } = usePhoneData();
  // The page starts with the United States' data only: a test number elsewhere needs the rest to be
  // shown as the field will show it.
  const outsideUs = numbers.some(({ phoneNumber }) => !phoneNumber.startsWith('+1'));
  useEffect(() => {
    if (outsideUs) showAllPhoneData();
  }, [outsideUs]);
  if (numbers.length === 0) return null;
  return (
    <p className="rounded-lg border border-dashed border-line px-3 py-2 text-xs text-muted">
      <span className="font-semibold uppercase tracking-wide">Development</span>: test{' '}
      {numbers.length === 1 ? 'number' : 'numbers'}{' '}
      {numbers.map(({ phoneNumber }, index) => (
        <Fragment key={phoneNumber}>
          {index > 0 ? ', ' : null}
          <span className="font-mono text-ink">
            {formatPhoneNumberIntl(phoneNumber, metadata) || phoneNumber}
          </span>
        </Fragment>
      ))}
      . {numbers.length === 1 ? 'It signs' : 'They sign'} in with the code set in TEST_PHONE_NUMBERS, and no
      text message is sent.
    </p>
  );
}
