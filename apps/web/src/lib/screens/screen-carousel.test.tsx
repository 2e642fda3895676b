import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoopObserver, stubReducedMotion } from '../../test/browser-fakes';
import { SCREENS, ScreenCarousel } from './screen-carousel';

/*
 * jsdom lays nothing out and has no ResizeObserver, IntersectionObserver or matchMedia, all of
 * which embla reads. The real embla runs here on a made-up layout: a 300 px wide viewport, each
 * slide 300 px wide, side by side, which is what the browser gives it.
 */
const SLIDE_WIDTH = 300;

let reducedMotion = false;
const slideIndex = (element: HTMLElement): number =>
  element.getAttribute('aria-roledescription') === 'slide'
    ? Array.prototype.indexOf.call(element.parentElement?.children ?? [], element)
    : 0;
const descriptors = {
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  offsetLeft: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft'),
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get: () => SLIDE_WIDTH,
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 650 });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return slideIndex(this) * SLIDE_WIDTH;
    },
  });
});

afterAll(() => {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

beforeEach(() => {
  reducedMotion = false;
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('IntersectionObserver', NoopObserver);
  stubReducedMotion(() => reducedMotion);
});

/** The slide the carousel says is current: the dot marked aria-current. */
function currentScreen(): number {
  const dots = screen.getAllByRole('button', { name: /^Screen \d:/ });
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

async function renderCarousel() {
  render(<ScreenCarousel className="mt-4" />);
  // embla starts once mounted; the first slide is current from then on.
  await screen.findByRole('button', { name: /^Screen 1:.*/, current: true });
}

describe('ScreenCarousel', () => {
  it('is a labelled carousel of five slides, each "n of 5" with a screenshot that says what it shows', async () => {
    await renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Stillpoint screens' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(carousel).toHaveClass('mt-4');

    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(5);
    slides.forEach((slide, index) => {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(slide).toHaveAccessibleName(`${index + 1} of 5`);
      const image = within(slide).getByRole('img');
      expect(image).toHaveAccessibleName(SCREENS[index]?.alt);
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(30);
      // Sized up front, so the page does not jump as they arrive; only the first is needed at once.
      expect(image).toHaveAttribute('width', '750');
      expect(image).toHaveAttribute('height', '1624');
      expect(image).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
    });
    expect(new Set(SCREENS.map((shot) => shot.alt)).size).toBe(5);
  });

  it('moves forward with Next and wraps from the last screen to the first', async () => {
    await renderCarousel();
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Next screen' });

    for (const expected of [2, 3, 4, 5, 1]) {
      await user.click(next);
      expect(currentScreen()).toBe(expected);
    }
    expect(screen.getByText(/Screen 1 of 5:/)).toBeInTheDocument();
  });

  it('moves back with Previous and wraps from the first screen to the last', async () => {
    await renderCarousel();
    const user = userEvent.setup();
    const previous = screen.getByRole('button', { name: 'Previous screen' });

    await user.click(previous);
    expect(currentScreen()).toBe(5);
    expect(screen.getByText(SCREENS[4].title)).toBeInTheDocument();
    await user.click(previous);
    expect(currentScreen()).toBe(4);
  });

  it('goes to the screen of a dot', async () => {
    await renderCarousel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Screen 4: ${SCREENS[3].title}` }));
    expect(currentScreen()).toBe(4);
  });

  it('moves with the arrow keys while focused, wrapping both ways', async () => {
    await renderCarousel();
    const user = userEvent.setup();
    const carousel = screen.getByRole('region', { name: 'Stillpoint screens' });
    act(() => carousel.focus());
    expect(carousel).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(currentScreen()).toBe(5);
    await user.keyboard('{ArrowRight}');
    expect(currentScreen()).toBe(1);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(currentScreen()).toBe(3);
    await user.keyboard('{End}');
    expect(currentScreen()).toBe(5);
    await user.keyboard('{Home}');
    expect(currentScreen()).toBe(1);
  });

  it('announces the screen shown after a move, in a polite live region', async () => {
    await renderCarousel();
    const user = userEvent.setup();
    const caption = screen.getByText(/Screen 1 of 5:/).parentElement;
    expect(caption).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Next screen' }));
    expect(caption).toHaveTextContent(`Screen 2 of 5: ${SCREENS[1].title}`);
  });

  it('still cycles, jumping rather than sliding, when the person asks for less motion', async () => {
    reducedMotion = true;
    await renderCarousel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next screen' }));
    expect(currentScreen()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Previous screen' }));
    await user.click(screen.getByRole('button', { name: 'Previous screen' }));
    expect(currentScreen()).toBe(5);
  });
});
