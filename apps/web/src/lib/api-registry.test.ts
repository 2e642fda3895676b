import { type Endpoint, endpoints } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import {
  type EndpointGroup,
  endpointGroups,
  endpointRoute,
  loadEndpoint,
  loadEndpointGroup,
} from './api-registry';

describe('the endpoint registry, loaded one group at a time', () => {
  it('places every call of core in the group that declares it, and nothing else there', async () => {
    const groups = [...new Set(Object.values(endpointGroups))] as EndpointGroup[];
    const loaded = new Map<string, EndpointGroup>();
    for (const group of groups) {
      for (const name of Object.keys(await loadEndpointGroup(group))) loaded.set(name, group);
    }
    expect(Object.fromEntries(loaded)).toEqual(endpointGroups);
    expect(Object.keys(endpointGroups).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it("gives each call core's own endpoint", async () => {
    for (const name of Object.keys(endpoints) as (keyof typeof endpoints)[]) {
      expect(await loadEndpoint(name)).toBe(endpoints[name]);
    }
  });

  it("knows each call's method and path before its schemas load, as core declares them", () => {
    for (const [name, endpoint] of Object.entries(endpoints) as [keyof typeof endpoints, Endpoint][]) {
      expect({ name, ...endpointRoute(name) }).toEqual({
        name,
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });
});
