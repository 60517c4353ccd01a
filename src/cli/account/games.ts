// svc games (v1 GET /games) and svc catalog (v2 GET /catalog/games, with minimum prices).
import type { Command } from 'commander';
import { Game } from '../../api/responses.js';
import { act, examples, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';

export function registerGames(program: Command, rt: Runtime): void {
  examples(program.command('games').description('games of the platform (v1)').action(act(rt, games)), ['svc games', 'svc games -o csv > games.csv']);
  examples(program.command('catalog').description('games with their minimum listing price (v2)').action(act(rt, catalog)), ['svc catalog', 'svc catalog --json']);
}

type G = { id: string | number; name?: string | null; slug?: string | null; minPrice?: number | null };

async function games(deps: Deps): Promise<number> {
  await readList<G>(deps, (await deps.api()).account.games(), { all: true }, Game, [{ header: 'id', value: 'id' }, { header: 'name', value: 'name' }, { header: 'slug', value: 'slug' }]);
  return 0;
}

async function catalog(deps: Deps): Promise<number> {
  await readList<G>(deps, (await deps.api()).account.catalog(), { all: true }, Game, [
    { header: 'id', value: 'id' }, { header: 'name', value: 'name' }, { header: 'slug', value: 'slug' },
    { header: 'min price', value: 'minPrice', kind: 'cents' },
  ]);
  return 0;
}
