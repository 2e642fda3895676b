import { screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/twopercent'));

it('says what the challenge is and links to joining through the funnel', async () => {
  renderRoute('/twopercent');
  await screen.findByRole('heading', { level: 1, name: '2% screen time challenge' }, { timeout: 5000 });

  expect(screen.getByText(/2% of your day is about 29 minutes/)).toBeInTheDocument();
  expect(screen.getByText(/2% of that is 28\.8 minutes: call it 29/)).toBeInTheDocument();
  const joins = screen.getAllByRole('link', { name: 'Join the challenge' });
  expect(joins).toHaveLength(2);
  for (const join of joins) expect(join).toHaveAttribute('href', '/getting-started');
  expect(screen.getByRole('link', { name: 'Get the phone app' })).toHaveAttribute('href', '/mobileDownload');
});
