import { PHONE_CARD_MIN_HEIGHT_PX, PHONE_CARD_WIDTH_PX } from '@stillpoint/core';
import type { ReactNode } from 'react';

/** The phone-shaped card (SPEC §2): 300 px wide, at least 560 px tall, a bezel and a notch. */
export function PhoneFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{ width: PHONE_CARD_WIDTH_PX, minHeight: PHONE_CARD_MIN_HEIGHT_PX }}
      className="mx-auto flex shrink-0 flex-col rounded-[2.75rem] bg-ink p-2.5 shadow-[0_24px_48px_-24px_rgb(28_38_40/0.55)] lg:mx-0"
    >
      <div className="relative flex flex-1 flex-col overflow-hidden rounded-[2.2rem] bg-paper">
        <div aria-hidden="true" className="mx-auto mt-2.5 h-6 w-24 shrink-0 rounded-full bg-ink" />
        <div className="flex flex-1 flex-col px-4 pt-4 pb-6">{children}</div>
      </div>
    </div>
  );
}
