// Phone sign-in through the proxy, as a person does it: ask for a code, read it off the "phone"
// (the development outbox), send it back.
import { randomInt } from 'node:crypto';
import { request, upstreamOf } from './http-client.mjs';
import { instanceAt } from './instances.mjs';

let nextNumber = randomInt(1000, 9000);
/** A valid number no other sign-in of this run has used (each number has its own send cooldown). */
export const freshPhoneNumber = () => `+1415555${String(nextNumber++ % 10_000).padStart(4, '0')}`;

/** Signs a new person in: their bearer token and user id, and which instances sent and checked the code. */
export async function signIn({ proxyUrl, instances, visitor }) {
  const phoneNumber = freshPhoneNumber();
  const sent = await request(`${proxyUrl}/api/auth/phone-number/send-otp`, {
    method: 'POST',
    body: { phoneNumber },
    localAddress: visitor,
  });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`);
  const sender = instanceAt(instances, upstreamOf(sent));
  // Each instance keeps its outbox in memory: the code is at the instance that sent it.
  const outbox = await request(`${sender.url}/api/dev/outbox`);
  const message = outbox.json?.data?.messages?.find(
    (entry) => entry.channel === 'sms' && entry.to === phoneNumber,
  );
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${phoneNumber} in ${sender.name}'s outbox`);

  const verified = await request(`${proxyUrl}/api/auth/phone-number/verify`, {
    method: 'POST',
    body: { phoneNumber, code },
    localAddress: visitor,
  });
  const token = verified.headers['set-auth-token'];
  const userId = verified.json?.user?.id;
  if (verified.status !== 200 || !token || !userId) {
    throw new Error(`verify answered ${verified.status}: ${verified.text}`);
  }
  return { token, userId, sentBy: sender, verifiedBy: instanceAt(instances, upstreamOf(verified)) };
}

export const bearer = (token) => ({ authorization: `Bearer ${token}` });
