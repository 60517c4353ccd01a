// Every decision for what marketplace-api.md leaves "not shown", in one place: this index and
// the modules of src/api/assumptions/, one an area, each constant beside its spec citation.
// The CLI and the sandbox both read from here (shared/docs/api-assumptions.md is the prose;
// section ids A1..A14 match it). When the real service turns out to differ, this folder is
// the one place to edit. Decisions the project took itself beyond that document are marked
// "svc decision" and listed in docs/DECISIONS.md. Callers import this index, never a module.
export * from './assumptions/keys.js';
export * from './assumptions/idempotency.js';
export * from './assumptions/limits.js';
export * from './assumptions/values.js';
export * from './assumptions/decisions.js';
export * from './assumptions/stock.js';
export * from './assumptions/mirror.js';
export * from './assumptions/webhooks.js';
export * from './assumptions/pricing.js';
export * from './assumptions/shop.js';
export * from './assumptions/tools.js';
export * from './assumptions/quota-day.js';
