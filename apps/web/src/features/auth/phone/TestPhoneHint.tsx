import { formatPhoneNumberIntl } from 'react-phone-number-input';

interface TestPhoneHintProps {
  phoneNumber: string;
  code: string;
}

/** Outside production only: the server's test number, which signs in with a fixed code and sends nothing. */
export function TestPhoneHint({ phoneNumber, code }: TestPhoneHintProps) {
  return (
    <p className="rounded-lg border border-dashed border-line px-3 py-2 text-xs text-muted">
      <span className="font-semibold uppercase tracking-wide">Development</span>: test number{' '}
      <span className="font-mono text-ink">{formatPhoneNumberIntl(phoneNumber) || phoneNumber}</span> with
      code <span className="font-mono text-ink">{code}</span>. No text message is sent.
    </p>
  );
}
