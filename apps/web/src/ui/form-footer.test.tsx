import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormFooter } from './form-footer';

function Form({
  onSubmit = vi.fn(),
  ...props
}: Partial<Parameters<typeof FormFooter>[0]> & { onSubmit?: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormFooter submitLabel="Continue" loading={false} {...props} />
    </form>
  );
}

/** A form whose submit fails, to watch the error arrive. */
function Failing() {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setError('The code has expired.')}>
        fail
      </button>
      <Form error={error} errorTitle="Error, please try again" />
    </>
  );
}

describe('FormFooter', () => {
  it('submits the form it ends', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('cannot be pressed while disabled or busy, and says it is busy', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Form onSubmit={onSubmit} disabled />);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    rerender(<Form onSubmit={onSubmit} loading />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('announces an error, with its title, in a live region that stays in the page', async () => {
    render(<Failing />);
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();

    await userEvent.click(screen.getByRole('button', { name: 'fail' }));

    expect(screen.getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent('Error, please try againThe code has expired.');
  });
});
