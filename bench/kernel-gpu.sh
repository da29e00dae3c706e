#!/usr/bin/env bash
# Runs the kernel harness on every candidate answer of the kernel world (examples/kernels/level-*/, the
# cases of examples/kernels/world.yml) and of the example pool (examples/kernels/pool/), and prints, per
# answer, correctness and the reference and solution times side by side with the ratio and reward.
# Then, where Node and the dependencies are installed, it runs the same world through
# `skillops evolve --runner kernel` (bench/kernel-world.ts) and prints each member's figures.
# On a GPU: CUDA events, 3 warm-ups, 100 timed trials, L2 flushed between trials.
# Without one: the same checks on CPU, every time labelled CPU (and the reward is correctness alone).
#
#   bash bench/kernel-gpu.sh                 # auto: CUDA when torch sees a GPU, else CPU
#   SKILLOPS_PYTHON=/path/python bash bench/kernel-gpu.sh
#   bash bench/kernel-gpu.sh --device cuda   # refuse to fall back to CPU
# The ratio column is a speedup only under timing CUDA; under CPU it is wall clock, not a speedup.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=""
for cand in "${SKILLOPS_PYTHON:-}" /usr/bin/python3 python3; do
  if [ -n "$cand" ] && command -v "$cand" >/dev/null 2>&1 && "$cand" -c "import torch" >/dev/null 2>&1; then PY="$cand"; break; fi
done
[ -n "$PY" ] || { echo "no Python with torch (apt-get install python3-torch, or set SKILLOPS_PYTHON)" >&2; exit 1; }

DEVICE="auto"
[ "${1:-}" = "--device" ] && DEVICE="${2:?--device needs auto, cpu or cuda}"

"$PY" - "$DEVICE" <<'PYEOF'
import sys, torch
d = sys.argv[1]
gpu = torch.cuda.is_available() and d != "cpu"
if d == "cuda" and not gpu:
    sys.exit("--device cuda: torch.cuda.is_available() is False here (check the driver and that torch is a CUDA build)")
print(f"python {sys.executable}  torch {torch.__version__}  device: {torch.cuda.get_device_name(0) if gpu else 'CPU (no GPU: times are CPU wall clock, labelled CPU)'}")
PYEOF

printf '%-17s %-9s %-9s %-7s %12s %12s %9s %7s %s\n' task answer status timing "ref ms" "new ms" ratio reward note
start=$(date +%s)
for task_dir in examples/kernels/level-*/*/ examples/kernels/pool/*/*/; do
  task=$(basename "$task_dir")
  for answer in "$task_dir"answers/*.py; do
    name=$(basename "$answer" .py)
    [ "$name" = "exits" ] && continue  # kills its interpreter on purpose; covered by the tests
    out=$("$PY" src/io/kernel/harness.py --reference "$task_dir/reference.py" --solution "$answer" --device "$DEVICE" 2>/dev/null | tail -n 1)
    "$PY" - "$task" "$name" "$out" <<'PYEOF'
import json, sys
task, name, raw = sys.argv[1:4]
try:
    r = json.loads(raw)
except ValueError:
    print(f"{task:<17} {name:<9} no result (harness printed: {raw[:60]!r})"); sys.exit(0)
t = r.get("timing") or {}
ref = t.get("reference", {}).get("meanMs")
new = t.get("solution", {}).get("meanMs")
sp = t.get("speedup")
fmt = lambda v, f, w: (f % v) if isinstance(v, (int, float)) else "-".rjust(w)
note = r.get("flagReason") or r.get("error") or next((x["detail"] for x in (r.get("correctness") or {}).get("trials", []) if not x["ok"]), "")
print(f"{task:<17} {name:<9} {r['status']:<9} {t.get('label', '-'):<7} {fmt(ref, '%12.4f', 12)} {fmt(new, '%12.4f', 12)} {fmt(sp, '%8.2fx', 9)} {r.get('reward', 0):7.2f} {note[:70]}")
PYEOF
  done
done
echo "wall time: $(( $(date +%s) - start )) s"
echo "(ratio = reference / solution mean time: a speedup under timing CUDA; under CPU it is wall clock, not a speedup)"

if command -v node >/dev/null 2>&1 && [ -d node_modules/tsx ]; then
  echo
  SKILLOPS_PYTHON="$PY" npx tsx bench/kernel-world.ts --device "$DEVICE"
else
  echo "skipping the evolve run on the kernel world: it needs Node and 'npm ci' (the harness table above needs neither)"
fi
