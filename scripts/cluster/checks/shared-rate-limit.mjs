// b. The rate limit is shared: one visitor asks for sign-in codes past the limit while the proxy
// alternates between the instances. With counts in Redis the visitor is refused after the limit;
// with counts per instance they would get twice as many.
import { loopbackVisitor, request, upstreamOf } from '../http-client.mjs';
import { instanceAt } from '../instances.mjs';
import { freshPhoneNumber } from '../sign-in.mjs';

/** rateLimits.otpSend in apps/server/src/http/rate-limit.ts (docs/rate-limits.md): 10 per 10 minutes. */
const SEND_OTP_LIMIT = 10;

export async function checkSharedRateLimit({ proxyUrl, instances }) {
  for (const instance of instances) {
    const ready = await request(`${instance.url}/api/readyz`);
    const store = ready.json?.data?.rateLimits;
    if (store !== 'redis')
      throw new Error(`${instance.name} keeps its rate-limit counts in ${store}, not Redis`);
  }
  const visitor = loopbackVisitor();
  const answers = [];
  const refusedBy = new Set();
  // Past the limit until each instance has refused at least once.
  while (refusedBy.size < instances.length) {
    if (answers.length === SEND_OTP_LIMIT * 3) break;
    const sent = await request(`${proxyUrl}/api/auth/phone-number/send-otp`, {
      method: 'POST',
      body: { phoneNumber: freshPhoneNumber() },
      localAddress: visitor,
    });
    const instance = instanceAt(instances, upstreamOf(sent));
    answers.push({ status: sent.status, code: sent.json?.code, instance: instance.name });
    if (sent.status === 429) refusedBy.add(instance.name);
  }
  const accepted = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429 && answer.code === 'RATE_LIMITED');
  const acceptedBy = new Set(accepted.map((answer) => answer.instance));
  const sequence = () => answers.map((answer) => `${answer.instance}:${answer.status}`).join(' ');
  if (accepted.length !== SEND_OTP_LIMIT || answers.slice(0, SEND_OTP_LIMIT).some((a) => a.status !== 200)) {
    throw new Error(`expected exactly the first ${SEND_OTP_LIMIT} to be accepted: ${sequence()}`);
  }
  if (refused.length !== answers.length - SEND_OTP_LIMIT) {
    throw new Error(`every call past the limit should be refused with RATE_LIMITED: ${sequence()}`);
  }
  if (acceptedBy.size < instances.length || refusedBy.size < instances.length) {
    throw new Error(`the calls did not reach both instances on both sides of the limit: ${sequence()}`);
  }
  return `${answers.length} send-otp calls from one address, alternating ${[...acceptedBy].join('/')}: the first ${SEND_OTP_LIMIT} accepted, every later one refused (429 RATE_LIMITED) by both instances; per-instance counts would have allowed ${SEND_OTP_LIMIT * instances.length}`;
}
