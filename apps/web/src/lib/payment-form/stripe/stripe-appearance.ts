import type { Appearance } from '@stripe/stripe-js';

/** Stripe's fields drawn in Stillpoint's colours, read from the theme so the two never drift apart. */
export function stripeAppearance(): Appearance {
  const theme = getComputedStyle(document.documentElement);
  const colour = (name: string, fallback: string) => theme.getPropertyValue(name).trim() || fallback;
  return {
    theme: 'stripe',
    variables: {
      colorPrimary: colour('--color-accent', '#0f5f5c'),
      colorText: colour('--color-ink', '#1c2628'),
      colorDanger: colour('--color-danger', '#a4262c'),
      colorBackground: colour('--color-surface', '#ffffff'),
      borderRadius: '12px',
    },
  };
}
