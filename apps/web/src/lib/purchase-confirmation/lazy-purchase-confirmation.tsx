import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../ui/spinner';
import type { PurchaseConfirmation } from './purchase-confirmation';

// Shown only after a purchase, so a public page (/webcheckout, the funnel) loads it then, not
// with its first screen.
const Confirmation = lazy(() =>
  import('./purchase-confirmation').then((module) => ({ default: module.PurchaseConfirmation })),
);

/** PurchaseConfirmation, loaded when it is first shown. */
export function LazyPurchaseConfirmation(props: ComponentProps<typeof PurchaseConfirmation>) {
  return (
    <Suspense fallback={<Spinner label="Confirming your purchase" className="size-5" />}>
      <Confirmation {...props} />
    </Suspense>
  );
}
