import {
  brand,
  LEGAL_BASES,
  type LegalDocument,
  legalPlainText,
  PERSONAL_DATA,
  PRIVACY_LAST_UPDATED,
  PROCESSORS,
  privacyPolicy,
  TERMS_LAST_UPDATED,
  TERMS_VERSION,
  termsOfService,
} from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeCookieSettings, readConsent } from '../../lib/consent/consent';
import { installFakeServer } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';

beforeAll(() => preloadRoutes('/privacy', '/terms'));
afterEach(() => closeCookieSettings());

const pages: [path: string, document: LegalDocument, lastUpdated: string][] = [
  ['/privacy', privacyPolicy, PRIVACY_LAST_UPDATED],
  ['/terms', termsOfService, TERMS_LAST_UPDATED],
];

const formatted = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

describe.each(pages)('%s', (path, document, lastUpdated) => {
  it('shows its title, the day it last changed and, near the top, that it is not legal advice', async () => {
    renderRoute(path);

    const heading = await screen.findByRole('heading', { level: 1, name: document.title });
    expect(window.document.title).toBe(`${document.title} · ${brand.name}`);
    const updated = screen.getByText(/^Last updated/);
    const time = within(updated).getByText(formatted(lastUpdated));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', lastUpdated);
    const notice = screen.getByText(legalPlainText(document.notLegalAdvice));
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.textContent).toMatch(/not legal advice/);
  });

  it('lists every section on the page and links to each, in order', async () => {
    renderRoute(path);

    const contents = within(await screen.findByRole('navigation', { name: 'On this page' }));
    const links = contents.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      document.sections.map((section) => section.heading),
    );
    for (const [index, section] of document.sections.entries()) {
      expect(links[index]).toHaveAttribute('href', `#${section.id}`);
      const target = window.document.getElementById(section.id);
      expect(target, section.id).not.toBeNull();
      expect(target).toHaveAccessibleName(section.heading);
      expect(
        within(target as HTMLElement).getByRole('heading', { level: 2, name: section.heading }),
      ).toBeVisible();
    }
  });

  it('ends with the footer and its legal links', async () => {
    renderRoute(path);

    const legal = within(await screen.findByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(legal.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
  });
});

describe('/privacy', () => {
  it('shows every kind of data with why, its legal basis, how long it is kept and who receives it', async () => {
    renderRoute('/privacy');

    for (const kind of PERSONAL_DATA) {
      const card = within(
        (await screen.findByRole('heading', { level: 3, name: kind.name })).closest('article') as HTMLElement,
      );
      expect(card.getByText('Why').nextElementSibling).toHaveTextContent(legalPlainText(kind.why));
      const tags = (term: string) =>
        within(card.getByText(term).nextElementSibling as HTMLElement)
          .getAllByRole('listitem')
          .map((item) => item.textContent);
      expect(tags('Legal basis')).toEqual(kind.basis.map((basis) => LEGAL_BASES[basis].name));
      expect(card.getByText('How long').nextElementSibling).toHaveTextContent(legalPlainText(kind.kept));
      expect(tags('Shared with')).toEqual(
        kind.sharedWith.map((id) => PROCESSORS.find((processor) => processor.id === id)?.name),
      );
    }
    for (const processor of PROCESSORS)
      expect(screen.getByRole('heading', { level: 3, name: processor.name })).toBeInTheDocument();
  });

  it('names how to use your rights: the support address', async () => {
    renderRoute('/privacy');

    const rights = within(await screen.findByRole('region', { name: 'Your rights' }));
    expect(rights.getByRole('link', { name: brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
  });

  it('reopens the cookie choice from its cookies section, and Reject there takes effect', async () => {
    installFakeServer({ country: 'US' });
    renderRoute('/privacy');
    const user = userEvent.setup();
    const cookies = within(
      await screen.findByRole('region', { name: 'Cookies, analytics and ad measurement' }),
    );
    const change = cookies.getByRole('button', { name: 'Change cookie settings' });

    await user.click(change);
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    await waitFor(() => expect(banner).toHaveFocus());
    await user.click(within(banner).getByRole('button', { name: 'Reject' }));

    expect(readConsent()).toBe('denied');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument(),
    );
    expect(change).toHaveFocus();
  });

  it('links to the terms', async () => {
    renderRoute('/privacy');

    const changes = within(await screen.findByRole('region', { name: 'Changes to this policy' }));
    expect(changes.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
  });
});

describe('/terms', () => {
  it('shows the version a purchase will record', async () => {
    renderRoute('/terms');

    expect(await screen.findByText(/^Last updated/)).toHaveTextContent(`Version ${TERMS_VERSION}`);
  });

  it('says how to cancel on the web and in both stores, and links to the privacy policy', async () => {
    renderRoute('/terms');

    const cancelling = within(await screen.findByRole('region', { name: 'Cancelling' }));
    expect(cancelling.getByText('Bought on the web:')).toBeInTheDocument();
    expect(cancelling.getByText('Bought on an iPhone:')).toBeInTheDocument();
    expect(cancelling.getByText('Bought on Android:')).toBeInTheDocument();
    const accounts = within(screen.getByRole('region', { name: 'Your account' }));
    expect(accounts.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  });
});
