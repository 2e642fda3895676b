/** The least environment a production server starts with; tests add or remove one variable. */
export const productionEnv = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://stillpoint.app',
  DATABASE_URL: 'postgres://stillpoint@db.internal:5432/stillpoint',
  REDIS_URL: 'redis://cache.internal:6379',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  GOOGLE_CLIENT_ID: 'google-id',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  APPLE_CLIENT_ID: 'apple-id',
  APPLE_CLIENT_SECRET: 'apple-secret',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15555550199',
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  PRICE_ID_MONTHLY: 'price_1Monthly',
  PRICE_ID_ANNUAL: 'price_1Annual',
  PRICE_ID_ANNUAL_50: 'price_1Annual50',
  PRICE_ID_ANNUAL_WINBACK_25: 'price_1Winback25',
  PRICE_ID_ANNUAL_WINBACK_35: 'price_1Winback35',
  PRICE_ID_GIFT: 'price_1Gift',
  PRICE_ID_BIENNIAL_90: 'price_1Biennial90',
  APP_STORE_ID: '1234567890',
  PLAY_STORE_PACKAGE: 'app.stillpoint',
  EXTENSION_STORE_URL: 'https://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop',
};

/**
 * The least environment a staging server starts with: production's real parts, with a Stripe test
 * key and no store ids (staging may link to the example ones). Tests turn stand-ins on one by one.
 */
export const stagingEnv: Record<string, string> = {
  ...productionEnv,
  APP_ENV: 'staging',
  PUBLIC_URL: 'https://staging.stillpoint.app',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  APP_STORE_ID: '',
  PLAY_STORE_PACKAGE: '',
  EXTENSION_STORE_URL: '',
};
