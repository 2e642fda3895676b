import type { Acknowledged } from '@stillpoint/core';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/client';
import type { EmailSender } from '../../integrations/email';
import { confirmationEmail } from './confirmation-email';
import { insertSignup } from './repo';

export interface NewsletterDependencies {
  db: Database;
  email: EmailSender;
  background: BackgroundTasks;
}

/**
 * Signs an address up once, case-insensitively (stored lower-cased). The sign-up is stored
 * before anything is sent, and the confirmation goes out after answering: a failing or slow mail
 * server is logged and never fails the call or loses the sign-up. Signing up again is not an
 * error and sends nothing.
 */
export async function joinNewsletter(
  { db, email: emailSender, background }: NewsletterDependencies,
  input: { email: string },
): Promise<Acknowledged> {
  const email = input.email.trim().toLowerCase();
  const isNew = await insertSignup(db, email);
  if (isNew) {
    background.run('sending the newsletter confirmation e-mail', () =>
      emailSender.send(confirmationEmail(email)),
    );
  }
  return { ok: true };
}
