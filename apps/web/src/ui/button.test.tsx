import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import type { ButtonVariant } from './button-styles';

describe('Button', () => {
  it('while busy keeps its name, says it is busy, shows a spinner and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button variant="danger" loading onClick={onClick}>
        Yes, delete site
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Yes, delete site' });

    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button.querySelector('.animate-spin')).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button variant="danger" onClick={onClick}>
        Yes, delete site
      </Button>,
    );
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.querySelector('.animate-spin')).toBeNull();
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('stays disabled when told so, busy or not', () => {
    render(
      <Button disabled loading={false}>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('does not submit the form it sits in unless it is the submit button', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button variant="secondary">Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('draws destructive actions in the danger colour and the others in the accent or ink', () => {
    const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger', 'dangerGhost'];
    render(
      <div>
        {variants.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </div>,
    );
    const classes = (name: string) => screen.getByRole('button', { name }).className.split(' ');

    // A solid red button with white text for the step that deletes...
    expect(classes('danger')).toEqual(expect.arrayContaining(['bg-danger', 'text-white']));
    // ...and red text without a fill for the one that only asks first.
    expect(classes('dangerGhost')).toContain('text-danger');
    expect(classes('dangerGhost')).not.toContain('bg-danger');
    for (const calm of ['primary', 'secondary', 'ghost']) {
      expect(classes(calm).some((name) => name.includes('danger'))).toBe(false);
    }
  });
});
