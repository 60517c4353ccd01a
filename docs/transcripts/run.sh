#!/usr/bin/env bash
# Writes docs/transcripts/pt-BR.md: the bulk-price, stock add, shop sync, reprice and profit
# flows in pt-BR at 80 columns, against a sandbox of its own (started here, stopped at the end).
# Usage: bash docs/transcripts/run.sh > docs/transcripts/pt-BR.md   (after `npm run build`)
set -u
SVC="node $(cd "$(dirname "$0")/../.." && pwd)/bin/svc.js"
work=$(mktemp -d)
cd "$work" || exit 1
export SVC_CONFIG_DIR=$work/cfg SVC_STATE_DIR=$work/st NO_COLOR=1 TZ=America/Sao_Paulo
$SVC sandbox --port 0 > sandbox.out 2>&1 &
sandbox=$!
trap 'kill "$sandbox"; rm -rf "$work"' EXIT
until grep -q 'profile "sandbox" written' sandbox.out 2>/dev/null; do sleep 0.2; done
export SVC_PROFILE=sandbox LANG=pt_BR.UTF-8 COLUMNS=80 SVC_POOL_SECRET=transcript-pool-secret-0123456789
printf 'id;preço\n101;R$ 249,90\n102;15,50\n' > precos.csv
printf 'credential,cost\ncred-a:pw,"1,00"\ncred-b:pw,"1,20"\n' > creds.csv
printf 'credential,ref,cost_cents\npool-1,b1,100\npool-2,b1,100\n' > pool.csv
printf 'rules:\n  - listing: 111\n    pool: pool.csv\n    target: 9\n    deactivateWhenEmpty: true\n' > loja.yaml
printf 'fee: 12%%\nrules:\n  - name: cs2\n    match: { listing: 111 }\n    margin: 10%%\n  - match: { game: valorant }\n    margin: 20%%\n' > regras.yaml
s() { echo; echo "\$ svc $*"; $SVC "$@" 2>&1; echo "(saída $?)"; }
echo '# Transcrições em pt-BR'
echo
echo 'LANG=pt_BR.UTF-8, COLUMNS=80, contra `svc sandbox`; geradas por `bash docs/transcripts/run.sh`.'
echo 'Arquivos: precos.csv (`id;preço`, `R$ 249,90`), creds.csv, pool.csv, loja.yaml, regras.yaml.'
for flow in bulk-price stock-add shop-sync reprice profit; do
  echo; echo "## $flow"; echo; echo '```'
  case $flow in
    bulk-price) s products bulk-price precos.csv --dry-run; s products bulk-price precos.csv --yes -o table
      s products bulk-price precos.csv --yes -o table ;;
    stock-add) s stock add 111 --file creds.csv --dry-run; s stock add 111 --file creds.csv --yes -o table ;;
    shop-sync) s shop sync --config loja.yaml --dry-run -o table; s shop sync --config loja.yaml -o table ;;
    reprice) s products reprice --rules regras.yaml --dry-run -o table
      s products reprice --rules regras.yaml --yes -o table ;;
    profit) s orders profit -o table; s orders profit --by listing -o table ;;
  esac
  echo '```'
done
