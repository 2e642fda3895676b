import { isRedemptionCodeComplete, normaliseRedemptionCode, REDEMPTION_CODE_LENGTH } from '@stillpoint/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useState } from 'react';
import { callApi } from '../../lib/api';
import { reloadSubscription } from '../../lib/subscription/use-subscription';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

interface RedeemCodeFormProps {
  inputRef: RefObject<HTMLInputElement | null>;
  /** A code the address carried, filled in for the person. */
  initialCode: string;
  onRedeemed(result: { premiumUntil: string }): void;
}

/**
 * SPEC §2 /redeem step 1 for a signed-in person: the code, upper-cased and cut to 6 as it is typed
 * (SPEC §5), and Continue, disabled under 6 characters or while the server answers. The server's
 * reason for a refusal (unknown, unpaid, used, a renewing plan) is shown in red under the field.
 */
export function RedeemCodeForm({ inputRef, initialCode, onRedeemed }: RedeemCodeFormProps) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState(initialCode);
  const redeem = useMutation({
    mutationFn: (redemptionCode: string) => callApi('redeemCode', { redemptionCode }),
    onSuccess: (result) => {
      // The person is premium now: the badge and the subscription page read this.
      void reloadSubscription(queryClient);
      onRedeemed(result);
    },
    // Back to the field to correct the code; the refusal under it is announced.
    onError: () => inputRef.current?.focus(),
  });
  const complete = isRedemptionCodeComplete(code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !redeem.isPending) redeem.mutate(code);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        ref={inputRef}
        label="Gift code"
        hint={`The ${REDEMPTION_CODE_LENGTH} letters and numbers from the gift e-mail.`}
        value={code}
        onChange={(event) => {
          setCode(normaliseRedemptionCode(event.target.value));
          // A new code is a new attempt: the last refusal no longer applies.
          if (redeem.isError) redeem.reset();
        }}
        error={redeem.error?.message ?? null}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        readOnly={redeem.isPending}
      />
      <Button
        type="submit"
        className="min-h-12 self-stretch px-8 text-base sm:self-start"
        disabled={!complete}
        loading={redeem.isPending}
      >
        Continue
      </Button>
    </form>
  );
}
