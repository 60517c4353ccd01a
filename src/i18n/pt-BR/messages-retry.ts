// pt-BR of the `svc api --verbose` retry hint (the key shown as one word, --idempotency-key=KEY).
export const MESSAGES_RETRY: Readonly<Record<string, string>> = {
  'svc: Idempotency-Key: {key} (reuse it as --idempotency-key={key} to retry this write)':
    'svc: Idempotency-Key: {key} (use --idempotency-key={key} para repetir esta escrita)',
};
