import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

const MAX_ENTRIES = 5000;

/**
 * oidc-provider's storage (interactions, codes, grants, tokens), in memory on purpose: a
 * development provider's state only has to outlive one sign-in, and a restart simply ends
 * sign-ins in progress. Named explicitly so oidc-provider does not warn about its quick-start store.
 */
export function memoryStore(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const live = (key: string | undefined): AdapterPayload | undefined => {
    if (key === undefined) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return entry.payload;
  };

  const remove = (key: string) => {
    const payload = entries.get(key)?.payload;
    entries.delete(key);
    if (payload?.uid) byUid.delete(payload.uid);
    if (payload?.userCode) byUserCode.delete(payload.userCode);
    if (payload?.grantId) byGrant.get(payload.grantId)?.delete(key);
  };

  const prune = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entries.size <= MAX_ENTRIES && entry.expiresAt > now) break;
      if (entry.expiresAt <= now || entries.size > MAX_ENTRIES) remove(key);
    }
  };

  return (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyFor(id);
        remove(key);
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (payload.uid) byUid.set(payload.uid, key);
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        if (payload.grantId)
          byGrant.set(payload.grantId, (byGrant.get(payload.grantId) ?? new Set()).add(key));
        prune();
      },
      async find(id) {
        return live(keyFor(id));
      },
      async findByUid(uid) {
        return live(byUid.get(uid));
      },
      async findByUserCode(userCode) {
        return live(byUserCode.get(userCode));
      },
      async consume(id) {
        const payload = live(keyFor(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        remove(keyFor(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) remove(key);
        byGrant.delete(grantId);
      },
    };
  };
}
