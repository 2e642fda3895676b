import { AGREEMENT_PARTS, type DisclosedPurchase, LEGAL_PATHS, purchaseDisclosure } from '@stillpoint/core';

interface PurchaseTermsProps {
  /** What the button beside it starts; null while its price or dates are still loading. */
  purchase: DisclosedPurchase | null;
  /** Open the legal pages in a new tab, where leaving would lose what is typed here. */
  newTab?: boolean;
  className?: string;
}

/**
 * Beside every button that starts a trial or a plan (docs/payments.md, "Agreement and
 * auto-renewal disclosure"): the price, the period, that it renews until canceled, the first
 * charge and how to cancel, from core's purchaseDisclosure; and the agreement, with links to the
 * terms and the privacy policy. The purchase sends the terms version these links show.
 */
export function PurchaseTerms({ purchase, newTab = false, className = '' }: PurchaseTermsProps) {
  return (
    <div data-purchase-terms="" className={`text-balance text-center text-xs text-muted ${className}`}>
      {/* Its line is there before the price, so a drawn page does not move when it arrives. */}
      <p className="min-h-4">{purchase ? purchaseDisclosure(purchase) : null}</p>
      <p>
        {AGREEMENT_PARTS.before}
        <LegalLink to={LEGAL_PATHS.terms} newTab={newTab}>
          {AGREEMENT_PARTS.terms}
        </LegalLink>
        {AGREEMENT_PARTS.between}
        <LegalLink to={LEGAL_PATHS.privacy} newTab={newTab}>
          {AGREEMENT_PARTS.privacy}
        </LegalLink>
        {AGREEMENT_PARTS.after}
      </p>
    </div>
  );
}

function LegalLink({ to, newTab, children }: { to: string; newTab: boolean; children: string }) {
  const style = 'font-medium text-accent underline underline-offset-4 hover:text-accent-strong';
  if (!newTab) {
    return (
      <a href={to} className={style}>
        {children}
      </a>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={style}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
