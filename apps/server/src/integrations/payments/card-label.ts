/** Card brands as Stripe names them (`card.brand`), as a person reads them. */
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
};

/** 'Visa ending in 4242': how both providers describe the card a subscription is paid with. */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string | null {
  if (!last4) return null;
  const name = (brand && brandNames[brand]) ?? 'Card';
  return `${name} ending in ${last4}`;
}
