import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { installAdminServer, makeAdminPerson } from '../../test/admin-server';
import { TEST_TOKEN } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/admin', '/admin/person'));
beforeEach(() => localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN));

const search = async (words: string) => {
  const user = userEvent.setup();
  const box = await screen.findByLabelText('Phone, e-mail, user id, gift code, payment or customer id');
  await user.clear(box);
  if (words) await user.type(box, words);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
};

describe('find a person', () => {
  it('finds a person by their number as people write it and opens their page', async () => {
    installAdminServer({
      people: [
        makeAdminPerson({ uid: 'user-2' }),
        makeAdminPerson({
          uid: 'user-9',
          account: { ...makeAdminPerson().account, uid: 'user-9', phoneNumber: '+447700900123', email: null },
        }),
      ],
    });
    const { router } = renderRoute('/admin');

    const user = await search('+1 (555) 555-0123');

    expect(await screen.findByRole('status')).toHaveTextContent('1 person matches “+1 (555) 555-0123”.');
    const results = within(screen.getByRole('region', { name: 'Results' }));
    const person = results.getByRole('link', { name: /\+1 555-555-0123/ });
    expect(person).toHaveTextContent('Matched by phone number');
    // The search is in the address, so back from the person's page comes back to it.
    expect(router.state.location.search).toBe('?q=%2B1+%28555%29+555-0123');

    await user.click(person);

    expect(await screen.findByRole('heading', { level: 1, name: '+1 555-555-0123' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/person');
    expect(router.state.location.search).toBe('?uid=user-2');
  });

  it('finds the buyer of a gift code and says nobody matches what matches nothing', async () => {
    installAdminServer();
    renderRoute('/admin');

    await search('abc234');
    expect(await screen.findByText('Matched by gift code')).toBeInTheDocument();

    await search('nobody@example.com');
    expect(await screen.findByText('No one matches “nobody@example.com”.')).toBeInTheDocument();
  });

  it('asks for something to search for before searching', async () => {
    const server = installAdminServer();
    renderRoute('/admin');

    await search('   ');

    expect(
      await screen.findByText('Type a phone number, e-mail, user id, gift code, payment id or customer id.'),
    ).toBeInTheDocument();
    expect(
      screen.getByLabelText('Phone, e-mail, user id, gift code, payment or customer id'),
    ).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('GET /api/admin/findPeople')).toHaveLength(0);
  });

  it("lists the gift purchase a code names and refunds one code's share: the dialog says what it does, the code reads voided", async () => {
    const server = installAdminServer();
    renderRoute('/admin');

    const user = await search('DEF567');
    const gifts = within(await screen.findByRole('region', { name: 'Gift purchases' }));
    expect(gifts.getByText(/\$99\.98, nothing refunded/)).toBeInTheDocument();
    const codes = within(gifts.getByRole('table'));
    expect(codes.getByText('Unused')).toBeInTheDocument();
    await user.click(gifts.getByRole('button', { name: /^Refund the gift of/ }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Refund a gift' }));
    expect(dialog.getByText(/1 code of 2 is unredeemed; 1 code redeemed/)).toBeInTheDocument();
    expect(dialog.getByText(/A full refund voids every unredeemed code/)).toBeInTheDocument();
    const amount = dialog.getByLabelText('Amount to refund (USD)');
    await user.clear(amount);
    await user.type(amount, '49.99');
    await user.type(dialog.getByLabelText(/Reason/), 'the recipient did not want it');
    await user.click(dialog.getByRole('button', { name: 'Refund $49.99' }));

    expect(await screen.findByText('Voided (refunded)')).toBeInTheDocument();
    expect(screen.getByText(/\$99\.98, \$49\.99 refunded/)).toBeInTheDocument();
    const [refund] = server.calls('POST /api/admin/refundGiftPurchase');
    expect(refund?.body).toMatchObject({ giftPurchaseId: 'gift-1', amountCents: 4999 });
    expect(refund?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});
