// Price endings (sellers.md: resellers round to `…,90`). Always rounded UP to the
// next price with that ending, so a rounded price never undercuts the target it came from.
// DECISIONS "Pricing from cost": 0,29 → 0,90 | 0,99 | 1,00; 1,15 → 1,90 | 1,99 | 2,00.

export const ROUNDINGS = ['.90', '.99', 'whole', 'none'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

const ENDING: Record<Exclude<Rounding, 'none'>, number> = { '.90': 90, '.99': 99, whole: 0 };

/** The smallest price ≥ `cents` whose cents end in the rounding's ending. */
export function roundUp(cents: number, rounding: Rounding): number {
  if (rounding === 'none') return cents;
  const ending = ENDING[rounding];
  const base = cents - (((cents % 100) + 100) % 100);
  const candidate = base + ending;
  return candidate >= cents ? candidate : candidate + 100;
}

/** The largest price ≤ `cents` with the ending (for a ceiling), or `cents` itself when none fits above 0. */
export function roundDown(cents: number, rounding: Rounding): number {
  if (rounding === 'none') return cents;
  const up = roundUp(cents, rounding);
  const down = up === cents ? cents : up - 100;
  return down > 0 ? down : cents;
}
