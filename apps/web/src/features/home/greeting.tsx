import { displayName, greeting } from '@stillpoint/core';

interface GreetingProps {
  /** The profile's display name, when the person has set one. */
  name: string | null | undefined;
  email: string | null | undefined;
  now?: Date;
}

/**
 * SPEC §2 Home: 'Good morning/afternoon/evening, Name', or 'Hello, Name' for a name over 10
 * characters. A person known only by phone number is greeted without a name.
 */
export function Greeting({ name, email, now = new Date() }: GreetingProps) {
  const who = displayName(name, email);
  const salutation = greeting(now, who);
  return (
    <h1 className="text-balance text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
      {who ? `${salutation}, ${who}` : salutation}
    </h1>
  );
}
