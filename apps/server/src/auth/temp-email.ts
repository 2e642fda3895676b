// user.email is NOT NULL in Better Auth's schema, so a phone-only account gets a placeholder address.
// `.invalid` is a reserved top-level domain: nothing can ever be delivered to it, and no real
// provider account can carry it, so the placeholder never collides with or poses as a real e-mail.
const PLACEHOLDER_DOMAIN = 'phone.stillpoint.invalid';

export const placeholderEmailFor = (phoneNumber: string) =>
  `${phoneNumber.replace(/\D/g, '')}@${PLACEHOLDER_DOMAIN}`;

/** The e-mail to show or use: null for a phone-only account's placeholder. */
export const realEmail = (email: string | null | undefined): string | null =>
  email && !email.toLowerCase().endsWith(`@${PLACEHOLDER_DOMAIN}`) ? email : null;
