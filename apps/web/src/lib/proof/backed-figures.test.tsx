import { MIN_PAUSES_FOR_FIGURES, ONE_SEC_STUDY, type ProofFiguresData } from '@stillpoint/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server';
import { renderRoute } from '../../test/render-route';
import { BackedFigures } from './backed-figures';

const storeRating = {
  rating: 4.6,
  ratings: 1250,
  store: 'app-store' as const,
  url: 'https://apps.apple.com/app/id1234567890',
};

/** The section as a page draws it, with what the server answers (a new server's nothing by default). */
function renderFigures(answer?: ProofFiguresData | 'fails') {
  const server = installFakeServer();
  if (answer === 'fails')
    server.route('GET /api/getProofFigures', () => ({
      status: 503,
      body: { success: false, code: 'SERVICE_UNAVAILABLE', error: 'Try again later.' },
    }));
  else if (answer)
    server.route('GET /api/getProofFigures', () => ({ body: { success: true, data: answer } }));
  renderRoute('/', [{ path: '/', element: <BackedFigures /> }]);
  return server;
}

const section = () => screen.getByRole('region', { name: 'What the numbers say' });
const shown = () =>
  within(section())
    .queryAllByRole('listitem')
    .map((item) => item.dataset.figure);
const card = (id: string) => {
  const item = section().querySelector(`[data-figure="${id}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no ${id} card`);
  return within(item);
};

describe('the figures Stillpoint can back', () => {
  it("on a new server shows only the study's, each linked to the study, and nothing of its own", async () => {
    const server = renderFigures();
    await waitFor(() => expect(server.calls('GET /api/getProofFigures')).toHaveLength(1));

    expect(shown()).toEqual(['studyClosedAgain', 'studyFewerOpenings']);
    for (const id of ['studyClosedAgain', 'studyFewerOpenings']) {
      const link = card(id).getByRole('link', { name: /Study of the app one sec, PNAS 2023/ });
      expect(link).toHaveAttribute('href', ONE_SEC_STUDY.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('title', expect.stringContaining(ONE_SEC_STUDY.title));
    }
    expect(card('studyClosedAgain').getByText('36%')).toBeInTheDocument();
    expect(card('studyFewerOpenings').getByText('57%')).toBeInTheDocument();
    expect(section()).not.toHaveTextContent(/rating|Stillpoint pauses|pauses taken/);
  });

  it("shows the server's figures, each with its source, ahead of the study's, four at most", async () => {
    renderFigures({ pauses: { pauses: 12_345, turnedBack: 4_937 }, storeRating });

    await waitFor(() =>
      expect(shown()).toEqual(['storeRating', 'pausesTaken', 'turnedBackShare', 'studyClosedAgain']),
    );
    expect(card('storeRating').getByText('Rated 4.6 out of 5:', { exact: false })).toBeInTheDocument();
    expect(card('storeRating').getByRole('link', { name: /1,250 ratings on the App Store/ })).toHaveAttribute(
      'href',
      storeRating.url,
    );
    expect(card('pausesTaken').getByText('12,345')).toBeInTheDocument();
    expect(
      card('pausesTaken').getByText('Source: Counted by Stillpoint from every pause'),
    ).toBeInTheDocument();
    expect(card('turnedBackShare').getByText('39%')).toBeInTheDocument();
    expect(
      card('turnedBackShare').getByText('Source: Counted by Stillpoint from 12,345 pauses'),
    ).toBeInTheDocument();
  });

  it('shows no figure the model refuses: too few pauses, a rating without a usable link', async () => {
    renderFigures({ pauses: { pauses: MIN_PAUSES_FOR_FIGURES - 1, turnedBack: 400 }, storeRating });
    await waitFor(() => expect(shown()).toContain('storeRating'));
    expect(shown()).toEqual(['storeRating', 'studyClosedAgain', 'studyFewerOpenings']);
    expect(section()).not.toHaveTextContent(/999|pauses taken/);
    cleanup();

    renderFigures({
      pauses: { pauses: 5000, turnedBack: 2000 },
      storeRating: { ...storeRating, url: 'javascript:alert(1)' },
    });
    await waitFor(() => expect(shown()).toContain('pausesTaken'));
    expect(shown()).toEqual(['pausesTaken', 'turnedBackShare', 'studyClosedAgain', 'studyFewerOpenings']);
    expect(section()).not.toHaveTextContent(/4\.6|rating/);
  });

  it("draws the study's at once, before the server answers, and keeps them when it cannot", () => {
    renderFigures('fails');
    expect(shown()).toEqual(['studyClosedAgain', 'studyFewerOpenings']);
  });

  it('every card names its source', async () => {
    renderFigures({ pauses: { pauses: 5000, turnedBack: 2000 }, storeRating });
    await waitFor(() => expect(shown()).toHaveLength(4));
    for (const item of within(section()).getAllByRole('listitem'))
      expect(item).toHaveTextContent(/Source: \S/);
  });
});
