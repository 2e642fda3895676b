import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PurchaseTerms } from './purchase-terms';

const agreement = /By continuing, you agree to the terms of service and the privacy policy\./;

describe('the purchase terms beside a paid button', () => {
  it('states what the button starts, then the agreement with links to both texts', () => {
    const { container } = render(
      <PurchaseTerms
        purchase={{
          kind: 'subscription',
          period: 'monthly',
          price: { amount: 699, currency: 'usd' },
          trial: { kind: 'freeDays', days: 7 },
          firstChargeAt: new Date(2026, 11, 6, 12),
        }}
      />,
    );
    const text = screen.getByText(/renews every month/);
    expect(text).toHaveTextContent(
      /^\$6\.99 a month after your 7-day free trial\. Your first charge is on December 6, 2026\. It renews every month until you cancel\. Cancel any time on the Subscription page, at least a day before it renews\./,
    );
    expect(container).toHaveTextContent(agreement);
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'terms of service' })).not.toHaveAttribute('target');
  });

  it('opens the texts in a new tab where leaving would lose what is typed', () => {
    render(<PurchaseTerms purchase={null} newTab />);
    const terms = screen.getByRole('link', { name: /^terms of service.*opens in a new tab/ });
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /^privacy policy.*opens in a new tab/ })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('keeps the agreement while the price loads, and says nothing it does not know', () => {
    const { container } = render(<PurchaseTerms purchase={null} />);
    expect(container).toHaveTextContent(agreement);
    expect(container).not.toHaveTextContent(/renews|charge/);
  });
});
