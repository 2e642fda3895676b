import { signInWithTestPhone } from '../fixtures/auth';
import { expect, test } from '../fixtures/test';

test.describe('feedback from home', () => {
  test('the floating button sends feedback and thanks the person', async ({ page }) => {
    await signInWithTestPhone(page);
    await page.goto('/');

    await page.getByRole('button', { name: 'Send feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Let us know what we can do better' });
    const field = dialog.getByRole('textbox', { name: 'Your feedback' });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await field.fill('   ');
    await expect(submit).toBeDisabled();

    await field.fill('The pause before YouTube works. A weekly summary would be lovely.');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/sendFeedback'));
    await submit.click();

    expect((await sent).status()).toBe(200);
    await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Your feedback' })).toHaveValue('');
  });
});
