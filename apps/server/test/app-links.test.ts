import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';

describe('app links (getAppLinks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      stores: { appStoreId: '1234567890', playStorePackage: 'app.stillpoint' },
      extensionStores: {
        chromeWebStoreUrl:
          'https://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop',
        edgeAddOnsUrl:
          'https://microsoftedge.microsoft.com/addons/detail/stillpoint/ponmlkjihgfedcbaponmlkjihgfedcba',
      },
    });
  });
  afterAll(() => t.close());

  it('answers the configured store pages and the brand pages, to anyone, cacheable', async () => {
    const res = await call(t.app, 'getAppLinks');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        appStoreUrl: 'https://apps.apple.com/app/id1234567890',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=app.stillpoint',
        chromeWebStoreUrl:
          'https://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop',
        edgeAddOnsUrl:
          'https://microsoftedge.microsoft.com/addons/detail/stillpoint/ponmlkjihgfedcbaponmlkjihgfedcba',
        website: 'https://stillpoint.app',
        blogUrl: 'https://stillpoint.app/blog',
        privacyPolicyUrl: `${testConfig().publicUrl}/privacy`,
        supportEmail: 'support@stillpoint.app',
      },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("links to this deployment's own privacy policy, not the public site's", async () => {
    const staging = await createTestApp({ publicUrl: 'https://staging.stillpoint.example' });
    try {
      const data = (await call(staging.app, 'getAppLinks')).json().data;
      expect(data.privacyPolicyUrl).toBe('https://staging.stillpoint.example/privacy');
    } finally {
      await staging.close();
    }
  });

  it('links to the example ids when none are configured', async () => {
    const local = await createTestApp();
    try {
      const data = (await call(local.app, 'getAppLinks')).json().data;
      expect(data.appStoreUrl).toBe('https://apps.apple.com/app/id0000000000');
      expect(data.playStoreUrl).toBe('https://play.google.com/store/apps/details?id=app.stillpoint.example');
    } finally {
      await local.close();
    }
  });
});
