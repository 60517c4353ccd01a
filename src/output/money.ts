// Money: integer cents in JSON, currency with two decimals in tables (A3).

export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** v1 money is a decimal in the platform currency (A3): show it with two decimals. */
export function formatDecimal(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return formatCents(Math.round(amount * 100));
}
