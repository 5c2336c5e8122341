#!/usr/bin/env bash
# Sums `ilc compile --emit stats` over every IL program under a directory, per target.
#
#   scripts/corpus-stats.sh [DIR] [TARGET...]     (defaults: ../shared/corpus cayman gfx906)
#
# Programs that do not compile for a target are counted and left out of its sums. Uses
# target/release/ilc (build it first: cargo build --release --bin ilc).
set -euo pipefail
dir=${1:-../shared/corpus}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cayman gfx906)
ilc=${ILC:-target/release/ilc}
mapfile -t files < <(find "$dir" -type f \( -name '*.il' -o -name '*.bin' \) | sort)
for t in "${targets[@]}"; do
    refused=0
    for f in "${files[@]}"; do
        if out=$("$ilc" compile "$f" --target "$t" --emit stats 2>/dev/null); then
            printf '%s\n' "$out"
        else
            refused=$((refused + 1))
            printf 'refused: 1\n'
        fi
    done | awk -v target="$t" -v total="${#files[@]}" '
        /^refused:/ { next }
        /^[a-z_]+: [0-9]+$/ { sum[$1] += $2; if ($2 > max[$1]) max[$1] = $2; if ($1 == "instructions:") n++ }
        END {
            printf "0 %s: %d of %d programs compiled\n", target, n, total
            for (k in sum) printf "1   %-18s total %10d  mean %10.1f  max %8d\n", k, sum[k], sum[k] / n, max[k]
            if (sum["groups:"] > 0)
                printf "2   slots per ALU group: %.3f (literal slots excluded); with literals %.3f\n",
                    sum["slots:"] / sum["groups:"], (sum["slots:"] + sum["literal_slots:"]) / sum["groups:"]
        }' | sort -k1,1n -k2,2 | cut -c3-
done
