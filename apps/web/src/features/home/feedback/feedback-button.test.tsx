import { messages } from '@stillpoint/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { type FakeResponse, installFakeServer } from '../../../test/fake-server';
import { FeedbackButton } from './feedback-button';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });

function renderButton({
  context,
  sendFeedback = () => ok({ ok: true }),
}: {
  context?: string;
  sendFeedback?: () => FakeResponse;
} = {}) {
  const server = installFakeServer({ signedIn: true });
  server.route('POST /api/sendFeedback', sendFeedback);
  render(<Providers>{context ? <FeedbackButton context={context} /> : <FeedbackButton />}</Providers>);
  return { server, user: userEvent.setup() };
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Let us know what we can do better' });
  return {
    dialog,
    field: within(dialog).getByRole('textbox', { name: 'Your feedback' }),
    submit: within(dialog).getByRole('button', { name: 'Submit' }),
  };
}

describe('FeedbackButton', () => {
  // Toasts live in sonner's module state; one test's must not meet the next.
  afterEach(() => {
    toast.dismiss();
  });

  it("opens 'Let us know what we can do better' from the floating 'Send feedback' button", async () => {
    const { user } = renderButton();

    const { field } = await openModal(user);
    expect(field).toHaveFocus();
  });

  it('keeps submit disabled while the text is empty or only spaces', async () => {
    const { user } = renderButton();
    const { field, submit } = await openModal(user);

    expect(submit).toBeDisabled();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    await user.type(field, '{Enter}\t');
    expect(submit).toBeDisabled();
    await user.type(field, 'More quotes, please');
    expect(submit).toBeEnabled();
  });

  it('sends the text from home, thanks the person, and closes with the text cleared', async () => {
    const { server, user } = renderButton();
    const { field, submit } = await openModal(user);

    await user.type(field, '  The breathing circle is lovely.  ');
    await user.click(submit);

    expect(await screen.findByText(messages.feedbackThanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/sendFeedback').map((call) => call.body)).toEqual([
      { content: 'The breathing circle is lovely.', location: 'web app feedback - home' },
    ]);

    const reopened = await openModal(user);
    expect(reopened.field).toHaveValue('');
    expect(reopened.submit).toBeDisabled();
  });

  it('names the page it sits on in the location', async () => {
    const { server, user } = renderButton({ context: 'subscription' });
    const { field, submit } = await openModal(user);

    await user.type(field, 'Gift codes for teams?');
    await user.click(submit);

    await screen.findByText(messages.feedbackThanks);
    expect(server.calls('POST /api/sendFeedback')[0]?.body).toMatchObject({
      location: 'web app feedback - subscription',
    });
  });

  it('shows the error toast and keeps the text when sending fails', async () => {
    const { user } = renderButton({
      sendFeedback: () => ({
        status: 503,
        body: { success: false, code: 'UNAVAILABLE', error: 'Feedback is resting. Try again soon.' },
      }),
    });
    const { dialog, field, submit } = await openModal(user);

    await user.type(field, 'Please add dark mode');
    await user.click(submit);

    expect(await screen.findByText(messages.defaultError)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(field).toHaveValue('Please add dark mode');
    expect(submit).toBeEnabled();
    expect(screen.queryByText(messages.feedbackThanks)).not.toBeInTheDocument();
    // Inside the modal too, where screen readers are while it is open.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Feedback is resting. Try again soon.');

    await user.type(field, '!');
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
  });
});
