import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { defineVerb } from '../shared/verb.js';

type G = { id: string | number; name?: string | null; slug?: string | null; minPrice?: number | null };

async function games(deps: Deps): Promise<number> {
  await readList<G>(deps, (await deps.api()).account.games(), { all: true }, [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'slug', value: 'slug' },
  ]);
  return 0;
}

async function catalog(deps: Deps): Promise<number> {
  await readList<G>(deps, (await deps.api()).account.catalog(), { all: true }, [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'slug', value: 'slug' },
    { header: 'min price', value: 'minPrice', kind: 'cents' },
  ]);
  return 0;
}

export const gamesVerb = defineVerb({
  name: 'games',
  description: 'games of the platform (v1)',
  examples: ['svc games', 'svc games -o csv > games.csv'],
  run: games,
});

export const catalogVerb = defineVerb({
  name: 'catalog',
  description: 'games with their minimum listing price (v2)',
  examples: ['svc catalog', 'svc catalog --json'],
  run: catalog,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [gamesVerb, catalogVerb];
