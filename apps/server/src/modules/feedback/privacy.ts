import { asc, eq, getTableName, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedbackMessage } from '../../db/schema';

/** Who a deleted account was: its id and the contacts it could have written from. */
export interface ErasedContact {
  userId: string;
  phoneNumber: string | null;
  /** The account's real e-mail addresses (its own, a trial link's), lower-cased or as typed. */
  emails: readonly string[];
}

const sentBy = ({ userId, phoneNumber, emails }: ErasedContact): SQL => {
  const conditions: SQL[] = [eq(feedbackMessage.userId, userId)];
  if (phoneNumber) conditions.push(eq(feedbackMessage.phoneNumber, phoneNumber));
  if (emails.length > 0) {
    conditions.push(inArray(feedbackMessage.email, [...emails]));
    conditions.push(inArray(feedbackMessage.trialEmail, [...emails]));
  }
  return or(...conditions) as SQL;
};

/**
 * Account deletion (docs/privacy.md): feedback stays, since what people told us is how the product
 * improves, but nothing in it names the person any more: no user id, e-mail, phone number or trial
 * e-mail, also on messages sent signed out from the account's number or address. The text itself
 * is kept as written.
 */
export async function eraseUser(tx: Database, contact: ErasedContact): Promise<void> {
  await tx
    .update(feedbackMessage)
    .set({ userId: null, email: null, phoneNumber: null, trialEmail: null })
    .where(sentBy(contact));
}

/** The messages the person sent while signed in. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      id: feedbackMessage.id,
      content: feedbackMessage.content,
      location: feedbackMessage.location,
      email: feedbackMessage.email,
      phoneNumber: feedbackMessage.phoneNumber,
      trialEmail: feedbackMessage.trialEmail,
      extensionVersion: feedbackMessage.extensionVersion,
      installRef: feedbackMessage.installRef,
      createdAt: feedbackMessage.createdAt,
    })
    .from(feedbackMessage)
    .where(eq(feedbackMessage.userId, userId))
    .orderBy(asc(feedbackMessage.createdAt));
  return { [getTableName(feedbackMessage)]: rows };
}
