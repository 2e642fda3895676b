import type { AdminAuditEvent, AdminClientError, AdminFeedbackItem } from '@stillpoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TOKEN_KEY } from '../../lib/session-token';
import { installAdminServer } from '../../test/admin-server';
import { TEST_TOKEN } from '../../test/fake-server';
import { preloadRoutes } from '../../test/preload-routes';
import { renderRoute } from '../../test/render-route';
import { LIST_PAGE_SIZE } from './admin-queries';

beforeAll(() => preloadRoutes('/admin/feedback', '/admin/audit', '/admin/errors'));
beforeEach(() => localStorage.setItem(SESSION_TOKEN_KEY, TEST_TOKEN));

/** `count` feedback items, newest first, every third one from an uninstall. */
const feedbackItems = (count: number): AdminFeedbackItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `fb-${index + 1}`,
    kind: index % 3 === 2 ? 'uninstall' : 'feedback',
    createdAt: new Date(Date.UTC(2026, 10, 28, 12) - index * 3_600_000).toISOString(),
    content: index === 4 ? 'The timer is too loud' : `Message number ${index + 1}`,
    location: index % 3 === 2 ? null : 'home',
    reason: index % 3 === 2 ? 'Not useful' : null,
    uid: index === 0 ? 'user-2' : null,
    email: index === 0 ? 'ada@example.com' : null,
    phoneNumber: null,
    extensionVersion: index % 3 === 2 ? '2.4.0' : null,
  }));

const listed = () => within(screen.getByRole('list', { name: 'Feedback' })).getAllByRole('listitem');

describe('feedback', () => {
  it('lists the newest first and loads older ones with Load more until there are none', async () => {
    const server = installAdminServer({ feedback: feedbackItems(LIST_PAGE_SIZE + 5) });
    const user = userEvent.setup();
    renderRoute('/admin/feedback');

    expect(await screen.findByText('Message number 1')).toBeInTheDocument();
    expect(listed()).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      '/admin/person?uid=user-2',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText(`Message number ${LIST_PAGE_SIZE + 5}`)).toBeInTheDocument();
    expect(listed()).toHaveLength(LIST_PAGE_SIZE + 5);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText("That's all.")).toBeInTheDocument();
    const pages = server.calls('GET /api/admin/listFeedback').map((request) => request.search.get('before'));
    expect(pages).toEqual([null, `fb-${LIST_PAGE_SIZE}`]);
  });

  it('filters by kind and words, kept in the address', async () => {
    installAdminServer({ feedback: feedbackItems(12) });
    const user = userEvent.setup();
    const { router } = renderRoute('/admin/feedback');
    await screen.findByText('Message number 1');

    await user.selectOptions(screen.getByLabelText('Kind'), 'uninstall');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listed()).toHaveLength(4));
    expect(screen.getAllByText('Not useful')).toHaveLength(4);
    expect(router.state.location.search).toBe('?kind=uninstall');

    await user.selectOptions(screen.getByLabelText('Kind'), '');
    await user.type(screen.getByLabelText('Words'), 'too LOUD');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listed()).toHaveLength(1));
    expect(screen.getByText('The timer is too loud')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Words'));
    await user.type(screen.getByLabelText('Words'), 'nothing like this');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No feedback matches this filter.')).toBeInTheDocument();
  });
});

describe('the audit log and the errors', () => {
  it('lists every admin action with its person, reason and details', async () => {
    const event: AdminAuditEvent = {
      id: 'audit-1',
      at: '2026-11-28T12:00:00.000Z',
      actorUid: 'admin-1',
      action: 'refundPayment',
      targetUid: 'user-2',
      targetRef: 'pi_123',
      reason: 'Charged twice',
      details: { amountCents: 4999 },
    };
    installAdminServer({
      auditEvents: [event, { ...event, id: 'audit-2', targetUid: null, action: 'deleteAccount' }],
    });
    renderRoute('/admin/audit');

    const table = within(await screen.findByRole('table', { name: 'Audit log' }));
    const [, refund, deletion] = table.getAllByRole('row');
    expect(refund).toHaveTextContent('Refunded a payment');
    expect(refund).toHaveTextContent('pi_123 · amount: 49.99');
    expect(within(refund as HTMLElement).getByRole('link', { name: 'user-2' })).toHaveAttribute(
      'href',
      '/admin/person?uid=user-2',
    );
    expect(deletion).toHaveTextContent('Deleted the account');
    expect(deletion).toHaveTextContent('Deleted or none');
  });

  it("lists browsers' error reports with their stack", async () => {
    const report: AdminClientError = {
      id: 'err-1',
      at: '2026-11-28T12:00:00.000Z',
      message: "TypeError: Cannot read properties of undefined (reading 'budget')",
      stack: 'at SiteRow (site-row.tsx:12:5)',
      route: '/',
      release: '2026.11.28',
      userAgent: 'Mozilla/5.0 Chrome/131',
      uid: null,
    };
    installAdminServer({ clientErrors: [report] });
    const user = userEvent.setup();
    renderRoute('/admin/errors');

    expect(await screen.findByRole('heading', { level: 2, name: report.message })).toBeInTheDocument();
    expect(screen.getByText('release 2026.11.28')).toBeInTheDocument();
    await user.click(screen.getByText('Stack'));
    expect(screen.getByText(report.stack ?? '')).toBeVisible();
  });
});
