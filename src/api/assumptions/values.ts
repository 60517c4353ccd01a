// The service's vocabulary (A1-A4, A13, A14): list filters, units, states and error codes.

// ---- A2: list query values -------------------------------------------------------------
export const PRODUCT_STATUS_FILTERS = [
  'active',
  'inactive',
  'em_analise',
  'approved',
  'rejected',
  'taken_down',
  'permanently_rejected',
] as const;
export const ORDER_TYPES = ['sales', 'purchases'] as const;
export const MEDIATION_STATUSES = ['open', 'closed'] as const;
export const QUESTION_STATUSES = ['unanswered', 'answered'] as const;

// ---- A3: units and values ----------------------------------------------------------------
// v2 money is integer cents; v1 money is a decimal in the platform currency (src/output/money.ts).
export const DELIVERY_TIME_PATTERN = /^[0-9]+h$/;
export const WARRANTY_CATEGORY = 'account';
export const LISTING_TYPES = ['single', 'multiple'] as const;
export const DEDUPE_MODES = ['skip', 'none'] as const;
export const DEFAULT_SEPARATOR = '\n'; // A13

// ---- A4: listing and order states -----------------------------------------------------
export type ListingStatus = 'approved' | 'em_analise' | 'rejected' | 'taken_down' | 'permanently_rejected';
export const ORDER_STATUSES = [
  'pending_payment',
  'processing',
  'delivered',
  'completed',
  'cancelled',
  'in_mediation',
] as const;
// A13: profit counts these statuses; others are listed apart.
export const PROFIT_ORDER_STATUSES = ['delivered', 'completed'] as const;
// spec 3: fields whose real change sends a listing back to review (the rule: src/api/rules/review.ts).
export const REVIEW_TRIGGER_FIELDS = ['title', 'description', 'warrantyPeriod', 'deliveryTime'] as const;
export const NO_CHANGES_MESSAGE = 'No changes applied';

// ---- A13 / A14: error codes ---------------------------------------------------------------
export const ERROR_CODES = {
  // spec 7.1
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  IDEMPOTENCY_IN_FLIGHT: 'IDEMPOTENCY_IN_FLIGHT',
  IDEMPOTENCY_KEY_CONFLICT: 'IDEMPOTENCY_KEY_CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_UNAVAILABLE: 'IDEMPOTENCY_UNAVAILABLE',
  // spec 7.2
  TOO_MANY_CREDENTIALS: 'TOO_MANY_CREDENTIALS',
  NOT_APPROVED: 'NOT_APPROVED',
  NO_STOCK: 'NO_STOCK',
  OFFLINE_PAUSED: 'OFFLINE_PAUSED',
  LISTING_TAKEN_DOWN: 'LISTING_TAKEN_DOWN',
  LISTING_PERMANENTLY_REJECTED: 'LISTING_PERMANENTLY_REJECTED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  QUESTIONS_BLOCKED: 'QUESTIONS_BLOCKED',
  SECURITY_VIOLATION: 'SECURITY_VIOLATION',
  ALREADY_ANSWERED: 'ALREADY_ANSWERED',
  PRODUCT_UNAVAILABLE: 'PRODUCT_UNAVAILABLE',
  QUESTION_ANSWER_RATE_LIMIT: 'QUESTION_ANSWER_RATE_LIMIT',
  SELLER_RESTRICTED: 'SELLER_RESTRICTED',
  // spec 7.3
  SELLER_IN_DEBT: 'SELLER_IN_DEBT',
  // A14
  NOT_FOUND: 'NOT_FOUND',
  HAS_VARIANTS: 'HAS_VARIANTS',
  VARIANT_NOT_FOUND: 'VARIANT_NOT_FOUND',
  LISTING_NOT_DYNAMIC: 'LISTING_NOT_DYNAMIC',
  ALREADY_CONTESTED: 'ALREADY_CONTESTED',
  DAILY_CREATION_LIMIT: 'DAILY_CREATION_LIMIT',
  KEY_LIMIT: 'KEY_LIMIT',
  NOT_IN_BETA: 'NOT_IN_BETA',
  RATE_LIMITED: 'RATE_LIMITED',
  DAILY_LIMIT: 'DAILY_LIMIT',
} as const;

// A1: validation errors carry this `error` text and a `field` JSON path.
export const VALIDATION_ERROR = 'Validation error';
