"""skillops kernel harness: checks and times a KernelBench-format solution against its reference.

A task is a Python file defining `class Model(nn.Module)`, `get_inputs()` and `get_init_inputs()`;
a solution defines `class ModelNew(nn.Module)` with the same constructor and forward signature.

Prints exactly one JSON object on stdout (the last line) and exits 0 whenever it could judge the
solution, including when the solution is wrong or crashes: a crash is a result, not a harness error.
Exit 2 means bad usage (missing files, unknown device). docs/kernel.md describes every field.
"""

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
import traceback

RESULT_VERSION = 1
FLAG_SPEEDUP = 10.0
# Tolerances per output dtype (KernelBench's): fp32 and wider 1e-4, half precision 1e-2.
HALF_TOLERANCE = 1e-2
FULL_TOLERANCE = 1e-4


# The solution is arbitrary code that may print; our one JSON line goes to the real stdout, theirs to stderr.
RESULT_STREAM = sys.stdout


def emit(result):
    RESULT_STREAM.write(json.dumps(result, allow_nan=False) + "\n")
    RESULT_STREAM.flush()


def failure(stage, exc, **extra):
    tail = traceback.format_exc().strip().splitlines()[-12:]
    return dict(extra, stage=stage, error=f"{type(exc).__name__}: {exc}", traceback="\n".join(tail))


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def to_device(value, torch, device):
    if isinstance(value, torch.Tensor):
        return value.to(device)
    return value


def fresh_inputs(task, torch, device, seed):
    torch.manual_seed(seed)
    return [to_device(x, torch, device) for x in task.get_inputs()]


def build(cls, init_inputs, torch, device, seed):
    # Same seed for both models so parameters created in __init__ match.
    torch.manual_seed(seed)
    model = cls(*init_inputs)
    if hasattr(model, "to"):
        model = model.to(device)
    if hasattr(model, "eval"):
        model.eval()
    return model


def as_outputs(value, torch):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return list(value)
    raise TypeError(f"forward returned {type(value).__name__}, expected a tensor or a tuple of tensors")


def tolerance_for(outputs, torch, override):
    if override is not None:
        return override
    half = any(isinstance(o, torch.Tensor) and o.dtype in (torch.float16, torch.bfloat16) for o in outputs)
    return HALF_TOLERANCE if half else FULL_TOLERANCE


def compare(expected, actual, torch, atol, rtol):
    """Returns (ok, detail) comparing two lists of outputs."""
    if len(expected) != len(actual):
        return False, f"returned {len(actual)} outputs, expected {len(expected)}"
    worst = 0.0
    for i, (e, a) in enumerate(zip(expected, actual)):
        if not isinstance(a, torch.Tensor):
            return False, f"output {i} is {type(a).__name__}, expected a tensor"
        if tuple(e.shape) != tuple(a.shape):
            return False, f"output {i} has shape {list(a.shape)}, expected {list(e.shape)}"
        e64, a64 = e.detach().double().cpu(), a.detach().double().cpu()
        if e64.numel() > 0:
            diff = (e64 - a64).abs()
            worst = max(worst, float(diff.max()) if not math.isnan(float(diff.max())) else math.inf)
        if not torch.allclose(e64, a64, atol=atol, rtol=rtol):
            return False, f"output {i} differs: max abs diff {worst:.3g} fails allclose(atol={atol:g}, rtol={rtol:g})"
    return True, f"max abs diff {worst:.3g}"


def check_correctness(task, ref, new, torch, device, args):
    trials = []
    tol = None
    for trial in range(args.trials):
        inputs = fresh_inputs(task, torch, device, args.seed + 1 + trial)
        with torch.no_grad():
            expected = as_outputs(ref(*inputs), torch)
            try:
                actual = as_outputs(new(*inputs), torch)
            except Exception as exc:  # noqa: BLE001 - the solution's crash is the result
                trials.append({"trial": trial, "ok": False, "detail": f"{type(exc).__name__}: {exc}"})
                return trials, tol, failure("solution-forward", exc)
        tol = tolerance_for(expected, torch, args.tolerance)
        ok, detail = compare(expected, actual, torch, tol, tol)
        trials.append({"trial": trial, "ok": ok, "detail": detail})
        if not ok:
            break
    return trials, tol, None


def l2_flusher(torch, device):
    """On CUDA, a buffer twice the L2 size; writing it evicts whatever the last trial left cached."""
    if device.type != "cuda":
        return None
    props = torch.cuda.get_device_properties(device)
    size = max(2 * int(getattr(props, "L2_cache_size", 0) or 0), 256 * 1024 * 1024)
    buf = torch.empty(size // 4, dtype=torch.float32, device=device)
    return lambda: buf.zero_()


def time_model(model, inputs, torch, device, warmup, iters, flush):
    times = []
    with torch.no_grad():
        for _ in range(warmup):
            model(*inputs)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
            for _ in range(iters):
                flush()
                start = torch.cuda.Event(enable_timing=True)
                end = torch.cuda.Event(enable_timing=True)
                start.record()
                model(*inputs)
                end.record()
                torch.cuda.synchronize(device)
                times.append(start.elapsed_time(end))
        else:
            for _ in range(iters):
                t0 = time.perf_counter()
                model(*inputs)
                times.append((time.perf_counter() - t0) * 1000.0)
    return {
        "meanMs": statistics.fmean(times),
        "medianMs": statistics.median(times),
        "stdMs": statistics.pstdev(times),
        "minMs": min(times),
        "trials": len(times),
    }


def measure(task, ref, new, torch, device, args):
    inputs = fresh_inputs(task, torch, device, args.seed)
    flush = l2_flusher(torch, device)
    on_gpu = device.type == "cuda"
    iters = args.iters if on_gpu else args.cpu_iters
    ref_t = time_model(ref, inputs, torch, device, args.warmup, iters, flush)
    new_t = time_model(new, inputs, torch, device, args.warmup, iters, flush)
    speedup = ref_t["meanMs"] / new_t["meanMs"] if new_t["meanMs"] > 0 else math.inf
    return {
        "label": "CUDA" if on_gpu else "CPU",
        "method": "cuda-events, L2 flushed between trials" if on_gpu else "perf_counter wall time (CPU)",
        "warmup": args.warmup,
        "reference": ref_t,
        "solution": new_t,
        "speedup": speedup if math.isfinite(speedup) else None,
    }


class HarnessError(Exception):
    """The harness cannot judge anything here (no GPU when one was required, no torch)."""


def pick_device(torch, wanted):
    if wanted == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if wanted == "cuda" and not torch.cuda.is_available():
        raise HarnessError("--device cuda was requested but torch.cuda.is_available() is False on this machine")
    return torch.device(wanted)


def judge(args):
    import torch  # imported here so a missing torch is reported as a stage, not a traceback

    device = pick_device(torch, args.device)
    base = {
        "version": RESULT_VERSION,
        "device": device.type,
        "deviceName": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
        "torch": torch.__version__,
    }
    try:
        task = load_module(args.reference, "skillops_kernel_reference")
        init_inputs = list(task.get_init_inputs())
        ref = build(task.Model, init_inputs, torch, device, args.seed)
    except Exception as exc:  # noqa: BLE001
        return dict(base, status="reference-error", **failure("reference", exc))
    try:
        solution = load_module(args.solution, "skillops_kernel_solution")
        if not hasattr(solution, "ModelNew"):
            raise AttributeError("the solution does not define ModelNew")
        new = build(solution.ModelNew, init_inputs, torch, device, args.seed)
    except Exception as exc:  # noqa: BLE001
        return dict(base, status="solution-error", correct=False, reward=0.0, **failure("solution-load", exc))

    trials, tol, crash = check_correctness(task, ref, new, torch, device, args)
    correct = crash is None and len(trials) == args.trials and all(t["ok"] for t in trials)
    result = dict(base, correctness={"trials": trials, "atol": tol, "rtol": tol}, correct=correct)
    if crash is not None:
        return dict(result, status="solution-error", reward=0.0, **crash)
    if not correct:
        return dict(result, status="incorrect", reward=0.0)
    if args.no_timing:
        return dict(result, status="correct", reward=1.0, rewardBasis="correctness (timing off)")
    try:
        timing = measure(task, ref, new, torch, device, args)
    except Exception as exc:  # noqa: BLE001
        return dict(result, status="solution-error", reward=0.0, **failure("timing", exc))
    result["timing"] = timing
    speedup = timing["speedup"]
    if device.type == "cuda":
        result["reward"] = speedup if speedup is not None else 0.0
        result["rewardBasis"] = "correctness x speedup (CUDA events)"
    else:
        # CPU wall time says nothing about a GPU kernel: the reward is correctness alone.
        result["reward"] = 1.0
        result["rewardBasis"] = "correctness only (no GPU; CPU timing is informational)"
    result["flagged"] = speedup is not None and speedup > FLAG_SPEEDUP
    if result["flagged"]:
        result["flagReason"] = f"speedup {speedup:.1f}x exceeds {FLAG_SPEEDUP:g}x: review for shortcuts"
    return dict(result, status="correct")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reference", required=True, help="task file defining Model, get_inputs, get_init_inputs")
    p.add_argument("--solution", required=True, help="answer file defining ModelNew")
    p.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    p.add_argument("--trials", type=int, default=5, help="correctness trials with fresh inputs")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--iters", type=int, default=100, help="timed trials on a GPU")
    p.add_argument("--cpu-iters", type=int, default=10, help="timed trials on CPU (informational)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--tolerance", type=float, default=None, help="override atol = rtol")
    p.add_argument("--no-timing", action="store_true")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if args.trials < 1 or args.iters < 1 or args.cpu_iters < 1 or args.warmup < 0:
        raise SystemExit("--trials, --iters and --cpu-iters must be >= 1 and --warmup >= 0")
    sys.stdout = sys.stderr
    try:
        result = judge(args)
    except ImportError as exc:
        result = {"version": RESULT_VERSION, "status": "harness-error", "stage": "import-torch", "error": str(exc)}
    except HarnessError as exc:
        result = {"version": RESULT_VERSION, "status": "harness-error", "stage": "device", "error": str(exc)}
    emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
