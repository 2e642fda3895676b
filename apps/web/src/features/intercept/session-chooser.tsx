import {
  type CustomSite,
  interceptReturnUrl,
  MINUTE_MS,
  NEVERMIND_CLOSE_DELAY_MS,
  SESSION_LENGTHS_MINUTES,
  sessionsLeftToday,
  siteHost,
} from '@stillpoint/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { buttonStyles } from '../../ui/button-styles';
import { showErrorToast } from '../../ui/toast';
import { browserTab } from './browser-tab';
import { BudgetDots } from './budget-dots';
import type { InterceptOutcomeReporter } from './use-intercept-outcome';
import { useStartSession } from './use-start-session';

/** How long after window.close() a tab that is still here counts as kept open by the browser. */
const CLOSE_CHECK_MS = 300;
/** After a failed server call the error toast stays this long before the page moves on. */
const ERROR_NOTICE_MS = 1500;

type Step = 'choose' | 'length' | 'closing' | 'keptOpen';

interface SessionChooserProps {
  site: CustomSite;
  /** The returnUrl query parameter as given; only an http(s) address is followed. */
  returnUrl: string | null;
  /** Where the choice is recorded for the person's insights. */
  outcome: InterceptOutcomeReporter;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The end of the pause (SPEC §2, §4 Intercept): today's budget as dots, then 'nevermind' (the
 * tab closes after 1.35 s) or 'use site' and a session length. Starting a session records it on
 * the server and tells the extension, then returns to the site; with no sessions left only
 * 'nevermind' is offered.
 */
export function SessionChooser({ site, returnUrl, outcome }: SessionChooserProps) {
  const host = siteHost(site.siteOrigin);
  const used = site.todaysSessions.length;
  const left = sessionsLeftToday(site.dailyBudget, site.todaysSessions);
  const [step, setStep] = useState<Step>('choose');
  const [chosenMinutes, setChosenMinutes] = useState<number | null>(null);
  const start = useStartSession();
  const navigate = useNavigate();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstLengthRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // The choice appears on its own after the countdown; bring a keyboard user to it, unless they
  // are already somewhere else on the page.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      headingRef.current?.focus();
    }
  }, []);

  useEffect(() => {
    if (step === 'length') firstLengthRef.current?.focus();
    if (step === 'closing' || step === 'keptOpen') statusRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step !== 'closing') return;
    let check: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      browserTab.close();
      // Browsers refuse to close a tab the page did not open; say so rather than sit there.
      check = setTimeout(() => {
        if (!browserTab.isClosed()) setStep('keptOpen');
      }, CLOSE_CHECK_MS);
    }, NEVERMIND_CLOSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(check);
    };
  }, [step]);

  function nevermind() {
    outcome.nevermind();
    setStep('closing');
  }

  async function startSession(minutes: number) {
    setChosenMinutes(minutes);
    outcome.session(minutes * MINUTE_MS);
    try {
      const { recorded } = await start.mutateAsync({ siteId: site.id, minutes });
      if (!recorded) {
        // SPEC §4: the session runs anyway (the extension has it); only the record failed.
        showErrorToast();
        await wait(ERROR_NOTICE_MS);
      }
    } catch {
      showErrorToast();
      setChosenMinutes(null);
      return;
    }
    const target = interceptReturnUrl(returnUrl);
    if (target) browserTab.leaveTo(target);
    else navigate('/', { replace: true });
  }

  const starting = chosenMinutes !== null;

  return (
    <section
      aria-labelledby={headingId}
      className="breathe-appear flex w-full max-w-md flex-col items-center gap-5 rounded-2xl border border-line bg-surface p-6 text-center shadow-sm"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-balance text-lg font-semibold text-ink focus:outline-none"
      >
        {left > 0 ? `Still want to open ${host}?` : `No sessions left for ${host} today`}
      </h2>

      <div className="flex flex-col items-center gap-2.5">
        <BudgetDots used={used} budget={site.dailyBudget} />
        <p className="text-sm text-muted">
          {left > 0
            ? `${left} of ${site.dailyBudget} ${site.dailyBudget === 1 ? 'session' : 'sessions'} left today`
            : site.dailyBudget === 1
              ? "You've used today's session. There's a new one tomorrow."
              : `You've used all ${site.dailyBudget} of today's sessions. They start again tomorrow.`}
        </p>
      </div>

      {step === 'choose' ? (
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={nevermind} className="sm:min-w-36">
            Nevermind
          </Button>
          {left > 0 ? (
            <Button variant="secondary" onClick={() => setStep('length')} className="sm:min-w-36">
              Use site
            </Button>
          ) : null}
        </div>
      ) : null}

      {step === 'length' ? (
        <div className="flex w-full flex-col gap-4">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 w-full text-sm font-medium text-ink">How long do you need?</legend>
            <div className="grid grid-cols-2 gap-3">
              {SESSION_LENGTHS_MINUTES.map((minutes, index) => (
                <Button
                  key={minutes}
                  ref={index === 0 ? firstLengthRef : undefined}
                  variant="secondary"
                  className="px-3"
                  disabled={starting && chosenMinutes !== minutes}
                  loading={chosenMinutes === minutes}
                  onClick={() => void startSession(minutes)}
                >
                  {minutes} minutes
                </Button>
              ))}
            </div>
          </fieldset>
          <Button variant="ghost" disabled={starting} onClick={nevermind}>
            nevermind
          </Button>
        </div>
      ) : null}

      {step === 'closing' ? (
        <div ref={statusRef} tabIndex={-1} role="status" className="focus:outline-none">
          <p className="font-medium text-accent-strong">Good call. Closing this tab…</p>
        </div>
      ) : null}

      {step === 'keptOpen' ? (
        <div
          ref={statusRef}
          tabIndex={-1}
          role="status"
          className="flex flex-col items-center gap-4 focus:outline-none"
        >
          <p className="text-sm text-muted">
            Good call. Your browser kept this tab open, so close it whenever you like, or head back to your
            dashboard.
          </p>
          <Link to="/" className={buttonStyles('secondary')}>
            Go to your dashboard
          </Link>
        </div>
      ) : null}
    </section>
  );
}
