import { MIN_PAUSES_FOR_FIGURES } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';
import { LandingStep } from './landing-step';

function renderLanding() {
  const server = installFakeServer();
  renderRoute('/', [
    { path: '/', element: <LandingStep onStart={() => undefined} onSignIn={() => undefined} /> },
  ]);
  return server;
}

const numbers = () => screen.queryByRole('list', { name: 'Stillpoint in numbers' });

describe('the landing', () => {
  it('shows no figure on a server that backs none, and is whole without', async () => {
    const server = renderLanding();
    await waitFor(() => expect(server.handled('GET /api/getProofFigures')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Get started' })).toBeInTheDocument();
    expect(numbers()).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/rating|sessions stopped|saved per day|%/);
  });

  it('shows the pauses counted and the store rating once the server backs them, each with its source', async () => {
    const server = renderLanding();
    server.route('GET /api/getProofFigures', () => ({
      body: {
        success: true,
        data: {
          pauses: { pauses: MIN_PAUSES_FOR_FIGURES, turnedBack: 420 },
          storeRating: { rating: 4.4, ratings: 80, store: 'google-play', url: 'https://play.google.com/x' },
        },
      },
    }));

    const list = await screen.findByRole('list', { name: 'Stillpoint in numbers' });
    const [rating, pauses] = within(list).getAllByRole('listitem');
    expect(rating).toHaveTextContent('Rated 4.4 out of 5: 4.4 average rating');
    expect(
      within(rating as HTMLElement).getByRole('link', { name: /80 ratings on Google Play/ }),
    ).toHaveAttribute('href', 'https://play.google.com/x');
    expect(pauses).toHaveTextContent('1,000 pauses taken with Stillpoint so far');
    expect(pauses).toHaveTextContent('Source: Counted by Stillpoint from every pause');
    // The study is for the steps that can say what it is; the landing keeps to Stillpoint's own.
    expect(list).not.toHaveTextContent('one sec');
  });
});
