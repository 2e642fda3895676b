import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showErrorToast } from './toast';
import { Toaster } from './toaster';

describe('showErrorToast', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the default text bottom-left', async () => {
    render(<Toaster />);

    act(() => {
      showErrorToast();
    });

    const toast = (await screen.findByText('Something broke, sorry')).closest('[data-sonner-toast]');
    expect(toast).toHaveAttribute('data-y-position', 'bottom');
    expect(toast).toHaveAttribute('data-x-position', 'left');
  });

  it('shows a given message for 3 seconds', async () => {
    vi.useFakeTimers();
    render(<Toaster />);

    act(() => {
      showErrorToast('Could not add that site');
    });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByText('Could not add that site')).toBeInTheDocument();

    // Past 3 s, plus the exit animation before the toast leaves the DOM.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Could not add that site')).not.toBeInTheDocument();
  });
});
