import { messages } from '@stillpoint/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { type FakeResponse, installFakeServer } from '../../../test/fake-server';
import { FeedbackButton } from './feedback-button';

afterEach(() => {
  toast.dismiss();
});

const SEND = 'POST /api/sendFeedback';

describe('feedback submit, once per click', () => {
  it('sends one message for a double click, and a new press carries a new key', async () => {
    const server = installFakeServer({ signedIn: true });
    const answers: ((response: FakeResponse) => void)[] = [];
    server.route(SEND, () => new Promise((resolve) => answers.push(resolve)));
    render(
      <Providers>
        <FeedbackButton />
      </Providers>,
    );
    const user = userEvent.setup();

    const press = async (text: string) => {
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      const dialog = await screen.findByRole('dialog', { name: 'Let us know what we can do better' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), text);
      const submit = within(dialog).getByRole('button', { name: 'Submit' });
      fireEvent.click(submit);
      fireEvent.click(submit);
      await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
      expect(submit).toBeDisabled();
      act(() => answers.shift()?.({ body: { success: true, data: { ok: true } } }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await press('More quotes, please');
    expect(server.calls(SEND)).toHaveLength(1);
    expect(await screen.findByText(messages.feedbackThanks)).toBeInTheDocument();

    await press('And darker colours');
    const keys = server.calls(SEND).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('answers a repeat of one key from the first answer, as the server does', async () => {
    const server = installFakeServer({ signedIn: true });
    let created = 0;
    server.route(SEND, () => {
      created += 1;
      return { body: { success: true, data: { ok: true } } };
    });
    const send = (content: string) =>
      fetch('/api/sendFeedback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'press-1' },
        body: JSON.stringify({ content, location: 'web app feedback - home' }),
      });
    const [first, second] = await Promise.all([send('Hello'), send('Hello')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(created).toBe(1);
    expect(server.handled(SEND)).toHaveLength(1);
    expect((await send('Other words')).status).toBe(422);
    expect(created).toBe(1);
  });
});
