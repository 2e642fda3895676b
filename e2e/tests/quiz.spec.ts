import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// /quiz and /quiz-results end to end (SPEC §2, docs/quiz.md): eight answers lead to the plan,
// 'Get my plan' brings the plan selection into view and focus, and a plan goes on to /webcheckout.

test.use({ viewport: { width: 375, height: 812 } });

test('the quiz leads to a personal plan, Get my plan shows the plans, and a plan goes on to checkout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/quiz');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Eliminate distractions and be present again' }),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The first answer by keyboard (Tab into the group, Space takes it), the rest by tapping.
  await page.getByRole('radio', { name: 'find focus' }).focus();
  await page.keyboard.press('Space');
  for (let number = 2; number <= 8; number += 1) {
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^Question ${number} of 8`) });
    await expect(heading).toBeFocused();
    if (number === 8) break;
    await page.getByRole('radio').first().click();
  }
  await page.getByRole('radio', { name: 'more than 6 hours' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/quiz-results');
  await expect(page.getByRole('heading', { level: 1, name: 'Your personal plan' })).toBeVisible();
  const plans = page.getByRole('region', { name: 'Choose your plan' });
  await expect(plans.getByRole('radio', { name: /Annual.*\$0\.14/ })).toBeChecked();
  await expect(plans.getByRole('radio', { name: /Monthly.*\$0\.23/ })).toBeVisible();
  await expect(plans).not.toBeInViewport();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Get my plan' }).click();
  await expect(plans).toBeFocused();
  await expect(plans).toBeInViewport();

  // A reload keeps the plan: the answers are on this device.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Your plan' }).getByText('5 sessions a day', { exact: true }),
  ).toBeVisible();

  await plans.getByRole('radio', { name: /Monthly/ }).check();
  await plans.getByRole('button', { name: 'Continue to checkout' }).click();
  const config = (await (await page.request.get('/api/getPaymentConfig')).json()) as {
    data: { prices: { monthly: string } };
  };
  await expect(page).toHaveURL(
    (url) => url.pathname === '/webcheckout' && url.searchParams.get('pid') === config.data.prices.monthly,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
  ).toBeVisible();
});
