/** Groups a card number in fours as it is typed (Amex's 4-6-5 is not worth the difference here). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Writes the expiry as MM / YY while it is typed; a deletion of the slash is respected. */
export function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length <= 2) return deleting || digits.length < 2 ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const formatCvc = (value: string): string => value.replace(/\D/g, '').slice(0, 4);
