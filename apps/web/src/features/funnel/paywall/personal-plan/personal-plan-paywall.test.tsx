import {
  FREE_TRIAL_DAYS,
  MOBILE_MEDIA_QUERY,
  PRESS_MENTIONS,
  type PressMention,
  planTrialSubtext,
  TERMS_VERSION,
} from '@stillpoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoopObserver, stubMatchMedia } from '../../../../test/browser-fakes';
import { installFakePayments } from '../../../../test/fake-payments';
import { installFakeServer } from '../../../../test/fake-server';
import { renderRoute } from '../../../../test/render-route';
import { FAKE_PAYMENT_CONFIG, subscriptionState } from '../../../../test/subscriptions';
import { PersonalPlanPaywall, type PersonalPlanPaywallProps } from './personal-plan-paywall';

const PRICES = FAKE_PAYMENT_CONFIG.prices;

/** IntersectionObservers the page made, so a test can say what is on screen. */
let observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
let phone = false;

class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
  takeRecords() {
    return [];
  }
}

/** Tells the page's observers that `target` came on screen, or left it. */
function setOnScreen(target: Element, isIntersecting: boolean) {
  act(() => {
    for (const observer of observers) {
      if (!observer.targets.includes(target)) continue;
      const entry = { target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 };
      observer.callback([entry as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

beforeEach(() => {
  observers = [];
  phone = false;
  // jsdom has none of these; the carousel and the floating button read them.
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', NoopObserver);
  stubMatchMedia((query) => query === MOBILE_MEDIA_QUERY && phone);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderPaywall(props: Partial<PersonalPlanPaywallProps> = {}, options = { signedIn: true }) {
  const server = installFakeServer({ signedIn: options.signedIn });
  installFakePayments(server);
  const onComplete = vi.fn();
  const view = renderRoute('/getting-started', [
    {
      path: '/getting-started',
      element: <PersonalPlanPaywall onComplete={onComplete} {...props} />,
    },
  ]);
  return { server, onComplete, ...view };
}

const annualCard = () => screen.findByRole('button', { name: /^Annual/ });
const biennialCard = () => screen.findByRole('button', { name: /^2-year/ });

async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const dialog = await screen.findByRole('dialog');
  await user.click(await within(dialog).findByRole('button', { name: 'Start trial' }));
  await user.type(within(dialog).getByLabelText('Card number'), number);
  await user.type(within(dialog).getByLabelText('Expiration date'), '1234');
  await user.type(within(dialog).getByLabelText('Security code'), '123');
  return dialog;
}

describe('PersonalPlanPaywall', () => {
  it('says the plan is ready and shows the figures Stillpoint can back, each with its source', async () => {
    renderPaywall();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Your personal plan is ready' }),
    ).toBeInTheDocument();
    // A new server backs nothing: the study's two figures, and no rating.
    const figures = screen.getByRole('region', { name: 'What the numbers say' });
    expect(
      within(figures)
        .getAllByRole('listitem')
        .map((item) => item.dataset.figure),
    ).toEqual(['studyClosedAgain', 'studyFewerOpenings']);
    expect(within(figures).getAllByRole('link', { name: /Study of the app one sec/ })).toHaveLength(2);
    expect(document.body).not.toHaveTextContent(/average rating|out of 5|reviews/i);
    expect(screen.getByRole('region', { name: 'Stillpoint screens' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    await annualCard();
  });

  it('shows skeletons while the prices load, then both plans priced per day from the server', async () => {
    const { server } = renderPaywall();

    expect(screen.getByText('Loading the plans').closest('[role="status"]')).toBeInTheDocument();
    const annual = await annualCard();
    expect(annual).toHaveTextContent('Most popular');
    expect(annual).toHaveTextContent('$0.14per day');
    expect(annual).toHaveTextContent('$49.99 billed yearly');
    const biennial = await biennialCard();
    expect(biennial).toHaveTextContent('$0.12per day');
    expect(biennial).toHaveTextContent('$90.00 billed every 2 years');
    expect(biennial).not.toHaveTextContent('Most popular');
    expect(screen.queryByText('Loading the plans')).not.toBeInTheDocument();

    const asked = server.calls('GET /api/getStripePrice').map((call) => call.search.get('priceId'));
    expect(asked).toEqual(expect.arrayContaining([PRICES.annual, PRICES.biennial90Dollars]));
  });

  it('computes the per-day price from what the server charges, not from a fixed figure', async () => {
    const { server } = renderPaywall();
    server.route('GET /api/getStripePrice', ({ search }) => ({
      body: {
        success: true,
        data: { unit_amount: search.get('priceId') === PRICES.annual ? 7300 : 14600, currency: 'eur' },
      },
    }));

    expect(await annualCard()).toHaveTextContent('€0.20per day');
    expect(await biennialCard()).toHaveTextContent('€0.20per day');
    expect(await biennialCard()).toHaveTextContent('€146.00 billed every 2 years');
  });

  it('says when the prices cannot be loaded, and tries again', async () => {
    const server = installFakeServer({ signedIn: true });
    installFakePayments(server);
    server.route('GET /api/getStripePrice', () => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', error: 'priceId: not a price of this environment' },
    }));
    renderRoute('/getting-started', [
      { path: '/getting-started', element: <PersonalPlanPaywall onComplete={vi.fn()} /> },
    ]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the plans.");
    expect(alert).toHaveTextContent('priceId: not a price of this environment');
    expect(screen.queryByRole('button', { name: /^Annual/ })).not.toBeInTheDocument();

    server.route('GET /api/getStripePrice', () => ({
      body: { success: true, data: { unit_amount: 4999, currency: 'usd' } },
    }));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await annualCard()).toHaveTextContent('$0.14per day');
  });

  it('opens the payment form for the annual plan with its trial subtext', async () => {
    renderPaywall();
    const user = userEvent.setup();
    await user.click(await annualCard());

    const dialog = await screen.findByRole('dialog', {
      name: `Start your ${FREE_TRIAL_DAYS}-day free trial`,
    });
    expect(within(dialog).getByText(planTrialSubtext('annual', 4999, 'usd'))).toBeInTheDocument();
    expect(within(dialog).getByText('$49.99, billed yearly. 7-day trial')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Start trial' })).toBeEnabled();
  });

  it('opens the payment form for the 2-year plan with its own subtext', async () => {
    renderPaywall();
    const user = userEvent.setup();
    await user.click(await annualCard());
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(await biennialCard());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('$90.00, billed every 2 years. 7-day trial')).toBeInTheDocument();
    expect(within(dialog).queryByText(/billed yearly/)).not.toBeInTheDocument();
  });

  it('starts the trial on the chosen price and calls onComplete once', async () => {
    const { server, onComplete } = renderPaywall();
    const user = userEvent.setup();
    await user.click(await biennialCard());
    const dialog = await enterCard(user, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Start trial' }));

    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('purchased'));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({
      priceId: PRICES.biennial90Dollars,
      numTrialDays: FREE_TRIAL_DAYS,
    });
  });

  it('completes at once for someone who already has premium, who cannot buy again here', async () => {
    const server = installFakeServer({ signedIn: true, subscription: subscriptionState('pro') });
    installFakePayments(server, { hasActiveSubscription: true });
    const onComplete = vi.fn();
    renderRoute('/getting-started', [
      { path: '/getting-started', element: <PersonalPlanPaywall onComplete={onComplete} /> },
    ]);
    await userEvent.setup().click(await annualCard());

    await waitFor(() => expect(onComplete).toHaveBeenCalledWith('alreadyPremium'));
  });

  it('promises no deadline: no countdown, no "offer ends", only what the trial is', async () => {
    renderPaywall();
    await annualCard();
    // A timer that restarted on every load and ended nothing is not shown.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText(/offer ends/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/\d\d:\d\d:\d\d/)).not.toBeInTheDocument();
    const plans = screen.getByRole('region', { name: 'Select your plan' });
    expect(
      within(plans).getByText(`${FREE_TRIAL_DAYS} days free on either plan.`, { exact: false }),
    ).toBeVisible();
  });

  it('draws nothing for the press while there is no coverage', async () => {
    renderPaywall({ pressMentions: [] });
    await annualCard();
    expect(screen.queryByRole('heading', { name: 'As featured in' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /opens the article/ })).toHaveLength(0);
  });

  it("takes core's list by default, which has nothing yet", async () => {
    renderPaywall();
    await annualCard();
    expect(screen.queryAllByRole('link', { name: /opens the article/ })).toHaveLength(PRESS_MENTIONS.length);
  });

  it('draws a typographic mark for each publication, linking to its article', async () => {
    const mentions: PressMention[] = [
      { name: 'The Calm Review', url: 'https://calm.example/stillpoint' },
      { name: 'Focus Weekly', url: 'https://focus.example/articles/42' },
    ];
    renderPaywall({ pressMentions: mentions });
    await annualCard();

    const strip = screen.getByRole('region', { name: 'As featured in' });
    const links = within(strip).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(mentions.map((mention) => mention.url));
    expect(links[0]).toHaveAccessibleName(/^The Calm Review/);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    // Our own marks of their names: no images of someone else's logo.
    expect(within(strip).queryAllByRole('img')).toHaveLength(0);
  });

  it("on a phone, 'Try for free' scrolls to the plans and hides once they are on screen", async () => {
    phone = true;
    // jsdom does not scroll.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderPaywall();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Try for free' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Select your plan' });
    const section = screen.getByRole('region', { name: 'Select your plan' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(heading).toHaveFocus();

    setOnScreen(section, true);
    expect(screen.queryByRole('button', { name: 'Try for free' })).not.toBeInTheDocument();
    setOnScreen(section, false);
    expect(screen.getByRole('button', { name: 'Try for free' })).toBeInTheDocument();
    await annualCard();
  });

  it("has no floating 'Try for free' from 768 px up", async () => {
    renderPaywall();
    await annualCard();
    expect(screen.queryByRole('button', { name: 'Try for free' })).not.toBeInTheDocument();
  });
});

describe('PersonalPlanPaywall’s terms', () => {
  it('says what the chosen plan charges and renews beside the form, and sends the terms version', async () => {
    const user = userEvent.setup();
    const { server } = renderPaywall();
    await user.click(await biennialCard());
    const dialog = await screen.findByRole('dialog');
    const terms = await within(dialog).findByText(/It renews every 2 years until you cancel\./);
    expect(terms).toHaveTextContent(
      /^\$90\.00 every 2 years after your 7-day free trial\. Your first charge is on [A-Z][a-z]+ \d{1,2}, \d{4}\./,
    );
    expect(within(dialog).getByRole('link', { name: /^terms of service/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    await enterCard(user, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Start trial' }));
    await waitFor(() => expect(server.calls('POST /api/getStripeSubscriptionIntent')).toHaveLength(1));
    expect(server.calls('POST /api/getStripeSubscriptionIntent')[0]?.body).toMatchObject({
      priceId: PRICES.biennial90Dollars,
      termsVersion: TERMS_VERSION,
    });
  }, 15_000);
});
