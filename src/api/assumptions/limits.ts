// What the service allows (spec 8, A8): sizes, rates and the headers that report them.

// ---- spec 8 + A8: limits and rate limits ------------------------------------------------
export const LIMITS = {
  v1PerMinute: 30,
  v1PerDay: 3000,
  v2PerMinute: 60,
  v2PerDay: 5000,
  v1CreationsPerDay: 50,
  v1ImagesMax: 10,
  titleMin: 5,
  titleMax: 200,
  descriptionMin: 20,
  descriptionMax: 5000,
  v1MinPriceCents: 100, // "1.00 in the platform currency by default"
  pageSizeMax: 100,
  pageSizeDefault: 20, // A2
  activeKeysMax: 5,
  keyUsageHistory: 100,
  priceMaxCents: 100_000_000,
  itemsPerBulk: 100, // bulk-price, bulk-status, variants edit
  stockItemsPerRequest: 2000,
  credentialMaxChars: 5000,
  stockPerVariantMax: 10_000,
  credentialsPerCreation: 10_000,
  autoDeliveryVariantsPerCreation: 100,
  credentialsTextCharsPerCreation: 1_000_000,
  refMin: 1,
  refMax: 64,
  questionAnswersPerMinute: 5,
  questionAnswersPerHour: 20,
  webhooksActiveMax: 5,
  webhookTimeoutMs: 10_000,
  webhookAttempts: 5,
} as const;

// A8: headers carried by every v1 and v2 response.
export const RATE_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;

// spec 2.3: ref is not secret; 1-64 of letters, digits, dot, hyphen, underscore.
export const REF_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
