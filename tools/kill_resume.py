"""Kill an autosaving game at a random moment, resume it, and check it ends exactly like the game never interrupted.

    python tools/kill_resume.py [--trials 200] [--variants nanning,beihai] [--rounds 3] [--per-seed 4]
                                [--workers 2] [--seed 0] [--mode action|delay] [--tmp DIR] [--json] [--out FILE]

For every (rule set, seed) the autoplay demo (`python -m game --autoplay --autosave --fast`, dummy video and audio
drivers, a throwaway LINGNAN_HOME) is played once uninterrupted: its closing JSON line gives the reference totals
and its replays how many actions each round took. Then, `--per-seed` times, the same game is started in a fresh
LINGNAN_HOME and killed with SIGKILL (a real kill, not a cooperative exit) at a random moment:

- `--mode action` (the default): a random round and a random number of its actions are drawn from the reference
  (one kill in ten aimed just after a deal, one in ten at a round-over screen, the rest anywhere in the round);
  the save file is watched until it holds that many, and the process is killed after a further random 0-40 ms
  (0-5 ms for the aimed moments), so the kill lands anywhere — mid-frame, mid-animation, mid-write of the save;
- `--mode delay`: after a random delay within the reference run's duration.

Then `python -m game --autoplay --continue --fast` runs in the same LINGNAN_HOME; its closing line's totals must
equal the reference's, its `resumed_from` must name the position the killed game's save held, and the save must be
gone at the end. Each process gets its own random PYTHONHASHSEED (Python's default), so an outcome that depended
on set or dict ordering of strings would show up as a mismatch.

Every LINGNAN_HOME is made under `--tmp` (default /dev/shm where it exists: the save's fsync after every action
costs nothing there, and a killed process loses nothing a disk would have kept — the kernel still holds its
writes).

Prints a summary (trials, where the kills landed, matched, mismatched, resume failures, timings); `--json` prints
every trial too, as one JSON document (`--out FILE` writes that document to FILE besides the summary). Exits 1
when any trial mismatched or failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Game:
    variant: str
    seed: str
    rounds: int
    players: int


@dataclass
class Trial:
    variant: str
    seed: str
    players: int
    target: list[int] | None = None  # [round (1-based), actions] aimed at (mode action) or None
    delay_s: float | None = None
    killed_at: dict | None = None  # the killed game's save: {"round", "actions", "phase"}
    where: str = ""  # deal / mid_round / round_over / setup / before_save / finished
    outcome: str = ""  # matched / mismatched / failure / not_killed
    reference: list[int] | None = None
    totals: list[int] | None = None
    resumed_from: dict | None = None
    problem: str | None = None
    kill_run_s: float = 0.0
    resume_s: float = 0.0


@dataclass
class Reference:
    game: Game
    totals: list[int] | None = None
    round_actions: list[int] = field(default_factory=list)
    seconds: float = 0.0
    problem: str | None = None


def env_for(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHASHSEED", "LINGNAN_STARTUP_T0")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LINGNAN_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def game_cmd(game: Game) -> list[str]:
    return [sys.executable, "-m", "game", "--autoplay", "--autosave", "--fast", "--variant", game.variant,
            "--seed", game.seed, "--rounds", str(game.rounds), "--players", str(game.players)]


def closing_line(stdout: str) -> dict | None:
    """The demo's closing JSON line: the last line of its stdout."""
    lines = [line for line in stdout.splitlines() if line.strip()]
    if not lines:
        return None
    try:
        out = json.loads(lines[-1])
    except ValueError:
        return None
    return out if isinstance(out, dict) else None


def save_path(home: Path) -> Path:
    return home / "data" / "autosave.json"


def read_save(home: Path) -> dict | None:
    try:
        data = json.loads(save_path(home).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def position(save: dict) -> tuple[int, int, str]:
    """(rounds finished, actions of the round in progress, phase) of a save."""
    return len(save.get("finished_rounds") or []), len(save.get("current_round") or []), str(save.get("phase"))


TMP: str | None = None  # where the LINGNAN_HOMEs are made (--tmp)


def reference(game: Game, timeout: float) -> Reference:
    ref = Reference(game)
    home = Path(tempfile.mkdtemp(prefix="lingnan-ref-", dir=TMP))
    try:
        start = time.perf_counter()
        code, out, err = run_to_end(game_cmd(game), home, timeout)
        ref.seconds = time.perf_counter() - start
        line = closing_line(out)
        if code != 0 or line is None or not line.get("ok"):
            ref.problem = f"reference run exited {code}: {err.strip()[-500:]}"
            return ref
        ref.totals = line["totals"]
        if save_path(home).exists():
            ref.problem = "the uninterrupted game left its save behind"
        replays = sorted((home / "data" / "replays").glob("*.jsonl"), key=lambda p: int(p.stem.rsplit("-r", 1)[1]))
        ref.round_actions = [len(p.read_text(encoding="utf-8").splitlines()) - 1 for p in replays]
        if len(ref.round_actions) != game.rounds:
            ref.problem = f"the reference kept {len(ref.round_actions)} replays for {game.rounds} rounds"
    except subprocess.TimeoutExpired:
        ref.problem = "reference run timed out"
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return ref


def pick_target(ref: Reference, rng: random.Random) -> list[int]:
    """A random (round, actions) within the game: any round, any number of its actions from 0 (just dealt) to all
    of them (the round-over screen) — but the last round's end, after which the save is gone, is left out. The two
    ends of a round are aimed at more often than their share (a tenth of the kills each)."""
    rounds = len(ref.round_actions)
    r = rng.randrange(rounds)
    top = max(0, ref.round_actions[r] - (1 if r == rounds - 1 else 0))
    roll = rng.random()
    if roll < 0.1:
        return [r + 1, 0]
    if roll < 0.2 and r < rounds - 1:
        return [r + 1, top]
    return [r + 1, rng.randint(0, top)]


LIVE: set[subprocess.Popen] = set()  # games running now: killed if this script is interrupted
STOP = threading.Event()  # set when interrupted: no new game is started


def popen(cmd: list[str], home: Path) -> subprocess.Popen:
    if STOP.is_set():
        raise RuntimeError("interrupted")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env_for(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    LIVE.add(proc)
    return proc


def finish(proc: subprocess.Popen, timeout: float) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
    finally:
        LIVE.discard(proc)


def run_to_end(cmd: list[str], home: Path, timeout: float) -> tuple[int, str, str]:
    proc = popen(cmd, home)
    out, err = finish(proc, timeout)
    return proc.returncode, out, err


def kill_and_resume(ref: Reference, mode: str, rng: random.Random, timeout: float) -> Trial:
    game = ref.game
    trial = Trial(game.variant, game.seed, game.players, reference=ref.totals)
    home = Path(tempfile.mkdtemp(prefix="lingnan-kill-", dir=TMP))
    try:
        start = time.perf_counter()
        proc = popen(game_cmd(game), home)
        killed = False
        try:
            if mode == "action":
                trial.target = pick_target(ref, rng)
                want = (trial.target[0] - 1, trial.target[1])
                last_stat = None
                while proc.poll() is None and time.perf_counter() - start < timeout:
                    try:
                        st = save_path(home).stat()
                        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                    except OSError:
                        stamp = None
                    if stamp is not None and stamp != last_stat:
                        last_stat = stamp
                        save = read_save(home)
                        if save is not None and position(save)[:2] >= want:
                            aimed = trial.target[1] == 0 or trial.target[1] == ref.round_actions[want[0]]
                            time.sleep(rng.uniform(0.0, 0.005 if aimed else 0.04))
                            proc.send_signal(signal.SIGKILL)
                            killed = True
                            break
                    time.sleep(0.001)
            else:
                # somewhere between the first frames and the end of the game (startup included in the reference)
                trial.delay_s = rng.uniform(0.3, max(0.4, ref.seconds * 0.98))
                try:
                    proc.wait(timeout=trial.delay_s)
                except subprocess.TimeoutExpired:
                    proc.send_signal(signal.SIGKILL)
                    killed = True
        finally:
            if proc.poll() is None and not killed:  # timed out waiting: this is a failure, not a trial
                proc.send_signal(signal.SIGKILL)
            out, err = finish(proc, 60)
        trial.kill_run_s = time.perf_counter() - start
        if not killed or proc.returncode != -signal.SIGKILL:
            trial.where = "finished"
            trial.outcome = "not_killed"
            trial.problem = f"the game ended before the kill (exit {proc.returncode})"
            if proc.returncode != 0:
                trial.outcome = "failure"
                trial.problem += ": " + err.strip()[-500:]
            return trial
        save = read_save(home)
        if save is None and save_path(home).exists():
            trial.where, trial.outcome = "unreadable", "failure"
            trial.problem = "the kill left a save that cannot be read"
            return trial
        if save is None:
            trial.where = "before_save"
        else:
            done, actions, phase = position(save)
            trial.killed_at = {"round": done + 1, "actions": actions, "phase": phase}
            trial.where = {"over": "round_over", "setup": "setup"}.get(phase, "mid_round" if actions else "deal")

        start = time.perf_counter()
        cmd = [sys.executable, "-m", "game", "--autoplay", "--continue", "--fast"]
        try:
            code, out, err = run_to_end(cmd, home, timeout)
        except subprocess.TimeoutExpired:
            trial.outcome, trial.problem = "failure", "--continue timed out"
            return trial
        trial.resume_s = time.perf_counter() - start
        if save is None:  # nothing was saved yet: --continue must say so and exit 2
            ok = code == 2 and "nothing to continue" in err
            trial.outcome = "not_killed" if ok else "failure"
            trial.problem = None if ok else f"--continue without a save exited {code}: {err[-300:]}"
            return trial
        line = closing_line(out)
        if code != 0 or line is None or not line.get("ok"):
            trial.outcome = "failure"
            trial.problem = f"--continue exited {code}: {err.strip()[-500:]}"
            return trial
        trial.totals = line.get("totals")
        trial.resumed_from = line.get("resumed_from")
        expected_from = {"round": trial.killed_at["round"], "actions": trial.killed_at["actions"]}
        if trial.resumed_from != expected_from:
            trial.outcome = "failure"
            trial.problem = f"resumed_from {trial.resumed_from} but the save held {expected_from}"
        elif line.get("rounds") != game.rounds:
            trial.outcome = "failure"
            trial.problem = f"the resumed game played {line.get('rounds')} rounds, not {game.rounds}"
        elif save_path(home).exists():
            trial.outcome = "failure"
            trial.problem = "the resumed game left its save behind"
        elif trial.totals == ref.totals:
            trial.outcome = "matched"
        else:
            trial.outcome = "mismatched"
            trial.problem = f"totals {trial.totals}, uninterrupted {ref.totals}"
        return trial
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run_game(game: Game, per_seed: int, mode: str, base_seed: int, timeout: float) -> tuple[Reference, list[Trial]]:
    ref = reference(game, timeout)
    if ref.problem is not None or ref.totals is None:
        return ref, []
    rng = random.Random(f"{base_seed}:{game.variant}:{game.seed}:kill")
    return ref, [kill_and_resume(ref, mode, rng, timeout) for _ in range(per_seed)]


def plan(variants: list[str], trials: int, per_seed: int, rounds: int, base_seed: int) -> list[tuple[Game, int]]:
    """The games to play and how many kills each: the trials shared evenly between the rule sets, `per_seed` kills
    per game (the last game of a rule set takes the remainder); players drawn from what each rule set allows."""
    from game.variants import get_variant

    out = []
    for i, variant_id in enumerate(variants):
        share = trials // len(variants) + (1 if i < trials % len(variants) else 0)
        counts = get_variant(variant_id).player_counts
        rng = random.Random(f"{base_seed}:{variant_id}:players")
        n = 0
        while share > 0:
            kills = min(per_seed, share)
            seed = f"{base_seed + n + 1}"
            out.append((Game(variant_id, seed, rounds, rng.choice(counts)), kills))
            share -= kills
            n += 1
    return out


def main(argv: list[str] | None = None) -> int:
    from game.variants import variant_ids

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=200, help="kills in total, shared between the rule sets")
    ap.add_argument("--variants", default=",".join(variant_ids()), help="comma-separated rule sets")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per game")
    ap.add_argument("--per-seed", type=int, default=4, help="kills per (rule set, seed)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games run side by side")
    ap.add_argument("--seed", type=int, default=0, help="picks the games, their players and the kill moments")
    ap.add_argument("--mode", choices=("action", "delay"), default="action",
                    help="kill at a random action (watching the save) or after a random delay")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds any one run may take")
    ap.add_argument("--tmp", help="where the throwaway LINGNAN_HOMEs are made (default /dev/shm if it exists)")
    ap.add_argument("--json", action="store_true", help="print every trial as one JSON document")
    ap.add_argument("--out", type=Path, help="also write that JSON document to this file")
    args = ap.parse_args(argv)
    global TMP
    shm = Path("/dev/shm")
    TMP = args.tmp or (str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    games = plan(variants, args.trials, max(1, args.per_seed), max(1, args.rounds), args.seed)

    started = time.perf_counter()
    refs: list[Reference] = []
    trials: list[Trial] = []
    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    pool = ThreadPoolExecutor(max_workers=max(1, args.workers))
    try:
        futures = [pool.submit(run_game, g, k, args.mode, args.seed, args.timeout) for g, k in games]
        for fut in as_completed(futures):
            ref, done = fut.result()
            refs.append(ref)
            trials.extend(done)
            if not args.json:
                bad = [t for t in done if t.outcome in ("mismatched", "failure")]
                mark = "!" if bad or ref.problem else "."
                print(mark, end="", flush=True, file=sys.stderr)
                for t in bad:
                    print(f"\n{t.outcome}: {t.variant} seed {t.seed} ({t.players}p) killed at {t.killed_at}: "
                          f"{t.problem}", file=sys.stderr)
                if ref.problem:
                    print(f"\nreference {ref.game}: {ref.problem}", file=sys.stderr)
    except KeyboardInterrupt:
        STOP.set()
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in list(LIVE):  # only the games this script started
            proc.kill()
        print("\ninterrupted", file=sys.stderr)
        return 130
    pool.shutdown()
    wall = time.perf_counter() - started
    if not args.json:
        print(file=sys.stderr)

    def count(outcome: str, variant: str | None = None) -> int:
        return sum(1 for t in trials if t.outcome == outcome and (variant is None or t.variant == variant))

    def median(values: list[float]) -> float | None:
        return round(statistics.median(values), 2) if values else None

    per_variant = {}
    for v in variants:
        ts = [t for t in trials if t.variant == v]
        per_variant[v] = {"trials": len(ts), "matched": count("matched", v), "mismatched": count("mismatched", v),
                          "failures": count("failure", v), "not_killed": count("not_killed", v),
                          "reference_failures": sum(1 for r in refs if r.game.variant == v and r.problem)}
    where = {w: sum(1 for t in trials if t.where == w)
             for w in ("deal", "mid_round", "round_over", "setup", "before_save", "finished", "unreadable")}
    summary = {
        "trials": len(trials), "games": len(refs), "rounds_per_game": args.rounds, "mode": args.mode,
        "workers": args.workers, "killed_mid_round": where["mid_round"], "killed_at": where,
        "matched": count("matched"), "mismatched": count("mismatched"), "resume_failures": count("failure"),
        "not_killed": count("not_killed"), "reference_failures": sum(1 for r in refs if r.problem),
        "per_variant": per_variant,
        "median_s": {"reference": median([r.seconds for r in refs if not r.problem]),
                     "killed_run": median([t.kill_run_s for t in trials if t.kill_run_s]),
                     "resume": median([t.resume_s for t in trials if t.resume_s])},
        "max_resume_s": round(max((t.resume_s for t in trials), default=0.0), 2),
        "wall_s": round(wall, 1),
    }
    document = json.dumps({"summary": summary, "references": [{**asdict(r.game), "totals": r.totals,
                                                               "round_actions": r.round_actions,
                                                               "seconds": round(r.seconds, 2), "problem": r.problem}
                                                              for r in refs],
                           "trials": [asdict(t) for t in trials]}, ensure_ascii=False)
    if args.out is not None:
        args.out.write_text(document + "\n", encoding="utf-8")
    if args.json:
        print(document)
    else:
        print(f"kill/resume: {summary['trials']} trials on {summary['games']} games of {args.rounds} rounds "
              f"({args.mode} mode, {args.workers} workers, {summary['wall_s']} s)")
        for v, s in per_variant.items():
            print(f"  {v:8s} trials {s['trials']:4d}  matched {s['matched']:4d}  mismatched {s['mismatched']}  "
                  f"resume failures {s['failures']}  not killed {s['not_killed']}")
        print(f"  killed mid-round {where['mid_round']}, just after a deal {where['deal']}, on a round-over screen "
              f"{where['round_over']}, before a choice {where['setup']}, before any save {where['before_save']}; "
              f"ended before the kill {where['finished']}; unreadable save after the kill {where['unreadable']}")
        print(f"  matched {summary['matched']}  mismatched {summary['mismatched']}  resume failures "
              f"{summary['resume_failures']}  reference failures {summary['reference_failures']}")
        m = summary["median_s"]
        print(f"  median seconds: uninterrupted {m['reference']}, killed run {m['killed_run']}, resume {m['resume']} "
              f"(slowest resume {summary['max_resume_s']})")
    return 1 if summary["mismatched"] or summary["resume_failures"] or summary["reference_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
