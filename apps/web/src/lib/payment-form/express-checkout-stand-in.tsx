/**
 * SPEC §2: a stand-in Apple Pay button holds the express checkout's place until the provider says
 * whether it can offer one, so the form does not jump. It does nothing and is hidden from screen
 * readers, which hear the form's loading status instead.
 */
export function ExpressCheckoutStandIn() {
  return (
    <div
      aria-hidden="true"
      data-testid="express-checkout-stand-in"
      className="flex min-h-11 w-full animate-pulse items-center justify-center gap-1 rounded-full bg-black text-base font-semibold text-white"
    >
      <svg viewBox="0 0 17 20" className="size-4 fill-current" role="presentation">
        <path d="M14.1 10.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9C3.6 4.8 1.9 5.9 1 7.5c-1.9 3.3-.5 8.1 1.3 10.8.9 1.3 2 2.7 3.3 2.7 1.3-.1 1.8-.9 3.4-.9s2 .9 3.4.8c1.4 0 2.3-1.3 3.2-2.6 1-1.5 1.4-2.9 1.4-3-.1 0-2.9-1.1-2.9-4.7zM11.5 3c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z" />
      </svg>
      Pay
    </div>
  );
}
