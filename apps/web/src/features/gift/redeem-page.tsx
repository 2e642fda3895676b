import {
  formatLongDate,
  formatPhoneForDisplay,
  GIFT_DURATION_YEARS,
  REDEEM_STEP_PARAM,
  REDEMPTION_CODE_PARAM,
  type RedeemStep,
  readRedeemQuery,
  redeemPath,
  type SignInMethod,
  webPageTitle,
} from '@stillpoint/core';
import { Gift } from 'lucide-react';
import {
  type ComponentType,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import type { AuthUser } from '../../lib/auth/session';
import { brand } from '../../lib/brand';
import { StoreBadges } from '../../lib/store-badges/store-badges';
import { Button } from '../../ui/button';
import { ShowcaseLayout } from '../../ui/showcase-layout';
import { Spinner } from '../../ui/spinner';
import { RedeemCodeForm } from './redeem-code-form';
import { RedeemProgress } from './redeem-progress';

export interface RedeemPageProps {
  /** The sign-in methods, composed in by the app (features do not import each other). */
  SignIn: ComponentType<{
    methods: readonly SignInMethod[];
    callbackPath: string;
    /** The `error` a Google or Apple sign-in came back here with. */
    providerError: string | null;
  }>;
}

/**
 * Gift redemption (SPEC §2 /redeem, §4 redeem flow): step 0 explains the gift, step 1 signs the
 * person in or takes their code, step 2 says it is redeemed and where to get the app. Step 1 is in
 * the address (redeemPath), so Back returns to step 0 and a sign-in that leaves the page comes
 * back to it; a `redemptionCode` in the address is filled in.
 */
export function RedeemPage({ SignIn }: RedeemPageProps) {
  const auth = useAuth();
  const [search] = useSearchParams();
  const { pathname, search: rawSearch } = useLocation();
  const navigate = useNavigate();
  const start = readRedeemQuery({
    step: search.get(REDEEM_STEP_PARAM),
    redemptionCode: search.get(REDEMPTION_CODE_PARAM),
  });
  const [premiumUntil, setPremiumUntil] = useState<string | null>(null);
  const step: RedeemStep = premiumUntil ? 2 : start.step;
  const signedIn = auth.status === 'signedIn' && auth.user !== null;

  // Focus follows the flow: each new step's heading, so it is announced and read from the top;
  // the code field itself once the code is what is asked for. Not on arrival, which is the page's top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // A visitor with nothing that suggests a session is asked to sign in at once (decision 032).
  const checking = auth.status === 'loading' && !auth.expectSignedOut;
  const view = step === 1 ? (checking ? 'loading' : signedIn ? 'code' : 'signIn') : step;
  // The first view shown (after auth is known) is the page's arrival: focus stays at the top.
  const shownView = useRef<typeof view | null>(null);
  useEffect(() => {
    if (view === 'loading') return;
    const previous = shownView.current;
    shownView.current = view;
    if (previous === null || previous === view) return;
    (view === 'code' ? codeRef : headingRef).current?.focus();
  }, [view]);

  let content: ReactNode;
  if (step === 0) {
    content = (
      <GiftIntro
        headingRef={headingRef}
        onStart={() => navigate(redeemPath({ step: 1, redemptionCode: start.redemptionCode }))}
      />
    );
  } else if (step === 2 && premiumUntil) {
    content = <Redeemed headingRef={headingRef} premiumUntil={premiumUntil} user={auth.user} />;
  } else if (checking) {
    content = (
      <div className="grid place-items-center py-10">
        <Spinner label="Checking whether you're signed in" />
      </div>
    );
  } else if (!signedIn) {
    content = (
      <StepSection
        headingRef={headingRef}
        title="Sign in to redeem your gift"
        lead={`The year of Premium goes to the account you sign in with. Use the same account in the ${brand.name} app.`}
      >
        <SignIn methods={[]} callbackPath={`${pathname}${rawSearch}`} providerError={search.get('error')} />
      </StepSection>
    );
  } else {
    const phone = auth.user?.phoneNumber;
    const who = phone ? formatPhoneForDisplay(phone) : auth.user?.email;
    content = (
      <StepSection
        headingRef={headingRef}
        title="Enter your gift code"
        lead={who ? `Premium goes to the account you're signed in with: ${who}.` : undefined}
      >
        <RedeemCodeForm
          inputRef={codeRef}
          initialCode={start.redemptionCode}
          onRedeemed={({ premiumUntil: until }) => setPremiumUntil(until)}
        />
      </StepSection>
    );
  }

  return (
    <ShowcaseLayout screens={['homeSites', 'phoneUse']}>
      <div className="px-4 py-10 sm:px-6 md:py-14">
        <title>{webPageTitle('/redeem')}</title>
        {/* Not centred: its left edge is the logo's (BrandBar). */}
        <div className="flex max-w-xl flex-col gap-8">
          <div className="flex flex-col gap-5">
            <h1 className="text-balance text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
              Redeem your gift
            </h1>
            <RedeemProgress step={step} />
          </div>
          {content}
        </div>
      </div>
    </ShowcaseLayout>
  );
}

function StepSection({
  headingRef,
  title,
  lead,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-balance text-2xl font-semibold tracking-tight text-ink outline-none"
        >
          {title}
        </h2>
        {lead ? <p className="text-muted">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Step 0: what the gift is, and when to redeem it. */
function GiftIntro({
  headingRef,
  onStart,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  onStart(): void;
}) {
  return (
    <StepSection
      headingRef={headingRef}
      title={`You've been gifted a ${GIFT_DURATION_YEARS} year subscription`}
      lead={`Someone gave you ${GIFT_DURATION_YEARS} year of ${brand.name} Premium: a breath before the sites and apps that pull you in, a daily budget for each, and quieter feeds, on the web and on your phone.`}
    >
      <div className="flex gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-muted">
        <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <p>
          <span className="font-semibold text-ink">Already subscribed?</span> Wait until your current
          subscription expires before you redeem, or turn off its renewal first. A free trial or an earlier
          gift is fine: the year is added after it ends.
        </p>
      </div>
      <Button className="min-h-12 self-stretch px-8 text-base sm:self-start" onClick={onStart}>
        Get started
      </Button>
    </StepSection>
  );
}

/** Step 2: redeemed, until when, and the app to use it in. */
function Redeemed({
  headingRef,
  premiumUntil,
  user,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  premiumUntil: string;
  user: AuthUser | null;
}) {
  const how = user?.phoneNumber
    ? `your phone number, ${formatPhoneForDisplay(user.phoneNumber)}`
    : user?.email
      ? `the account you used here, ${user.email}`
      : 'the account you used here';
  return (
    <StepSection
      headingRef={headingRef}
      title="Code redeemed!"
      lead={`You have ${brand.name} Premium until ${formatLongDate(premiumUntil)}.`}
    >
      <div className="flex flex-col gap-3">
        <p className="text-ink">Get the app on your phone:</p>
        <StoreBadges />
      </div>
      <p className="rounded-2xl bg-accent-soft p-4 text-sm text-accent-strong">
        In the app, sign in the same way you did here, with {how}, and your Premium is there.
      </p>
      <Link to="/" className="self-start font-semibold text-accent underline-offset-4 hover:underline">
        Continue to {brand.name} on the web
      </Link>
    </StepSection>
  );
}
