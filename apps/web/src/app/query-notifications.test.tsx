import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { holdQueryNotifications } from './query-notifications';

/** A query whose answer comes when the test says. */
function heldAnswer() {
  let answer!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (answer = resolve));
  return { promise, answer };
}

function Answer({ queryFn }: { queryFn: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['answer'], queryFn });
  return <p>{data ?? 'waiting'}</p>;
}

const renders = (queryFn: () => Promise<string>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Answer queryFn={queryFn} />
    </QueryClientProvider>,
  );

/** Lets TanStack Query's scheduled notifications (a zero timeout) and React's work run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let release: (() => void) | undefined;
afterEach(() => {
  release?.();
  release = undefined;
});

describe('query news held while a first screen is taken over', () => {
  it('reaches the components only once released, and then in full', async () => {
    const held = heldAnswer();
    release = holdQueryNotifications();
    renders(() => held.promise);

    held.answer('here');
    await settle();
    expect(screen.getByText('waiting')).toBeInTheDocument();

    release();
    release = undefined;
    expect(await screen.findByText('here')).toBeInTheDocument();
  });

  it('leaves later news on its usual way once released', async () => {
    holdQueryNotifications()();
    const held = heldAnswer();
    renders(() => held.promise);

    held.answer('at once');
    expect(await screen.findByText('at once')).toBeInTheDocument();
  });
});
