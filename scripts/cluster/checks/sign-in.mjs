// a. A person signs in through the proxy and is then served by both instances with the same
// session: sessions live in the database, not in an instance.
import { loopbackVisitor, request, upstreamOf } from '../http-client.mjs';
import { instanceAt } from '../instances.mjs';
import { bearer, signIn } from '../sign-in.mjs';

export async function checkSignInServedByBoth({ proxyUrl, instances }) {
  const person = await signIn({ proxyUrl, instances, visitor: loopbackVisitor() });
  const servedBy = new Map();
  let asked = 0;
  while (servedBy.size < instances.length) {
    if (asked === 20) throw new Error(`after 20 calls only ${[...servedBy.keys()].join(', ')} answered`);
    asked += 1;
    const me = await request(`${proxyUrl}/api/getUser`, { headers: bearer(person.token) });
    const instance = instanceAt(instances, upstreamOf(me));
    if (me.status !== 200) throw new Error(`getUser at ${instance.name} answered ${me.status}: ${me.text}`);
    const uid = me.json?.data?.uid;
    const firstUid = [...servedBy.values()][0];
    if (firstUid && uid !== firstUid)
      throw new Error(`${instance.name} sees another user (${uid}, not ${firstUid})`);
    servedBy.set(instance.name, uid);
  }
  return `code sent by ${person.sentBy.name}, verified by ${person.verifiedBy.name}; getUser with that token answered 200 for the same user by ${[...servedBy.keys()].join(' and ')} (${asked} calls)`;
}
