"""`make lighthouse`: Lighthouse on the public pages, served as production serves them.

The pages: home, all classes, a class's page (the first the public list shows), all
instructors, an instructor's page (the first), About us and sign-in.

A throwaway SQLite database (migrated, `manage.py seed_demo`); `collectstatic` of the built
bundle into STATIC_ROOT (staticfiles/), as a release does; gunicorn with bench.settings.
Then the lighthouse npm package (frontend's devDependency) drives Debian's Chromium over each
page, a few times per form factor, and keeps the median of each figure. Nothing is fetched
from the internet.

    .venv/bin/python bench/lighthouse.py [--runs 3] [--presets mobile,desktop] [--json PATH]

It writes its section of docs/performance.md (between the `lighthouse` markers), and
bench/run.py imports run_lighthouse() and section_lines() to write the same section with the rest.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from contextlib import contextmanager, nullcontext
from pathlib import Path

from sections import marked, section_put
from server import gunicorn

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = "bench.settings"
LIGHTHOUSE = ROOT / "frontend" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
MANIFEST = ROOT / "static" / "dist" / "manifest.json"
# A class's and an instructor's page are named by the first the public lists show, once the school
# is seeded.
CLASS_PAGE = "/classes/{id}"
INSTRUCTOR_PAGE = "/instructors/{id}"
FIRST_OF = {
    CLASS_PAGE: "/api/classes?status=Approved&page=1&page_size=1",
    INSTRUCTOR_PAGE: "/api/instructors?page=1&page_size=1",
}
PATHS = (
    "/",
    "/all-classes",
    CLASS_PAGE,
    "/all-instructors",
    INSTRUCTOR_PAGE,
    "/about",
    "/login",
)
# Mobile first: it is Lighthouse's default and the harder test (a mid-range phone on slow 4G,
# simulated), and students mostly browse from phones; desktop shows the same pages on a wired
# desktop. Both use simulated throttling, so the figures do not depend on this machine's load.
PRESETS = ("mobile", "desktop")
RUNS = 3
CATEGORIES = ("performance", "accessibility", "best-practices")
# Categories whose failed audits are listed; performance is told by its metrics.
AUDITED = ("accessibility", "best-practices")
# Lighthouse's own names for the metrics reported, with their unit.
METRICS = {
    "FCP": ("first-contentful-paint", "ms"),
    "LCP": ("largest-contentful-paint", "ms"),
    "TBT": ("total-blocking-time", "ms"),
    "CLS": ("cumulative-layout-shift", ""),
    "SI": ("speed-index", "ms"),
    "bytes": ("total-byte-weight", "B"),
}
# Chromium as root in a container, with nothing that calls Google's update or sync services.
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
LIGHTHOUSE_TIMEOUT = 300
ATTEMPTS = 3


def lighthouse_command(url: str, preset: str, output: Path) -> list[str]:
    command = [
        str(LIGHTHOUSE),
        url,
        f"--chrome-path={CHROMIUM}",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    return command


def shown_command(preset: str) -> str:
    """The command as a person types it, from frontend/."""
    command = lighthouse_command("http://127.0.0.1:PORT/PATH", preset, Path("report.json"))
    return shlex.join(["npx", "lighthouse", *command[1:]])


# --- the server ------------------------------------------------------------------------------


def server_env(database: Path) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        # A file of our own: the demo school, apart from db.sqlite3 and the bench's PostgreSQL.
        "DATABASE_URL": f"sqlite:///{database}",
        # Production's shared cache (the bench settings' Redis), under keys of this run only:
        # never the lists make bench cached for its own school.
        "CACHE_KEY_PREFIX": f"camp-lighthouse-{database.parent.name}",
    }
    # Production refuses to start with the emulator named; these pages sign nobody in.
    env.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    return env


def manage(env: dict, *arguments: str) -> None:
    """A `manage.py` command of the project, in `env`, its output left out."""
    subprocess.run(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


@contextmanager
def demo_server(work: Path):
    """The base URL of gunicorn serving the seeded demo school and the collected bundle."""
    if not MANIFEST.exists():
        sys.exit(f"{MANIFEST} is missing: build the bundle first (make build).")
    env = server_env(work / "db.sqlite3")
    print("==> Lighthouse: fresh SQLite database, migrate, seed_demo, collectstatic", flush=True)
    manage(env, "migrate", "--noinput")
    manage(env, "seed_demo")
    manage(env, "collectstatic", "--noinput")

    with gunicorn(env=env, log=work / "gunicorn.log", workers=2) as base:
        yield base


# --- Lighthouse ------------------------------------------------------------------------------


def failure(audit: dict) -> dict:
    """A failed audit's id and title, and what it found, as Lighthouse words it."""
    found = []
    for item in audit.get("details", {}).get("items", [])[:5]:
        node = item.get("node") or {}
        source = (item.get("sourceLocation") or {}).get("url", "")
        text = item.get("description") or node.get("snippet") or item.get("url") or ""
        found.append(f"{text} {source}".strip()[:200])
    return {"id": audit["id"], "title": audit["title"], "found": found}


def lighthouse_once(url: str, preset: str, output: Path) -> dict:
    """One Lighthouse run: its scores (0-100), metrics, and the audits each category fails."""
    report = None
    for attempt in range(1, ATTEMPTS + 1):
        finished = subprocess.run(  # noqa: S603 - our own arguments
            lighthouse_command(url, preset, output),
            cwd=ROOT / "frontend",
            timeout=LIGHTHOUSE_TIMEOUT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        report = json.loads(output.read_text()) if output.exists() else None
        if finished.returncode == 0 and report and not report.get("runtimeError"):
            break
        # Now and then Chromium's trace misses the navigation (NO_NAVSTART); Lighthouse's own
        # advice is to run it again.
        runtime_error = (report or {}).get("runtimeError") or {}
        problem = runtime_error.get("code") or finished.stderr.strip()[-500:]
        print(f"    {url} {preset}: attempt {attempt} failed: {problem}", flush=True)
        output.unlink(missing_ok=True)
    else:
        raise RuntimeError(f"Lighthouse failed {ATTEMPTS} times on {url} ({preset})")
    audits = report["audits"]
    failures = {
        category: [
            failure(audits[ref["id"]])
            for ref in report["categories"][category]["auditRefs"]
            if ref["weight"] > 0
            and audits[ref["id"]]["score"] is not None
            and audits[ref["id"]]["score"] < 1
        ]
        for category in AUDITED
    }
    return {
        "lighthouse": report["lighthouseVersion"],
        "final_url": report.get("finalDisplayedUrl", url),
        **lcp_and_blocking(audits),
        "scores": {
            category: round(report["categories"][category]["score"] * 100)
            for category in CATEGORIES
        },
        "metrics": {label: audits[audit]["numericValue"] for label, (audit, _) in METRICS.items()},
        "failures": failures,
        "warnings": report.get("runWarnings", []),
    }


def script_name(url: str) -> str:
    """A script's file without its content hash (main.6d77419bb640.js -> main.js), or the page."""
    name = url.rsplit("/", 1)[-1] or "the page"
    return re.sub(r"\.[0-9a-f]{8,}(?=\.js$)", "", name) if name.endswith(".js") else name


def lcp_and_blocking(audits: dict) -> dict:
    """What the largest paint was and how its time splits (Lighthouse's LCP phases), and each
    script's long tasks beyond 50 ms, the part total blocking time counts."""
    element, phases = "", {}
    for item in (
        audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", [])
    ):
        for row in item.get("items", []):
            if "node" in row:
                element = row["node"].get("nodeLabel", "")[:40]
            elif "phase" in row:
                phases[row["phase"]] = row["timing"]
    blocking = {}
    for task in audits.get("long-tasks", {}).get("details", {}).get("items", []):
        name = script_name(task["url"])
        blocking[name] = blocking.get(name, 0) + max(0, task["duration"] - 50)
    return {"lcp_element": element, "lcp_phases": phases, "blocking": blocking}


def median_of(runs: list[dict]) -> dict:
    """Each score and metric's median over the runs; an audit failed if any run failed it."""
    failed = {category: {} for category in AUDITED}
    for run in runs:
        for category, audits in run["failures"].items():
            for audit in audits:
                seen = failed[category].setdefault(audit["id"], {**audit, "runs": 0})
                seen["runs"] += 1
    return {
        "runs": len(runs),
        "final_url": runs[0]["final_url"],
        "scores": {
            category: statistics.median(run["scores"][category] for run in runs)
            for category in CATEGORIES
        },
        "metrics": {
            label: statistics.median(run["metrics"][label] for run in runs) for label in METRICS
        },
        "failures": {
            category: [audits[audit] for audit in sorted(audits)]
            for category, audits in failed.items()
        },
        "warnings": sorted({warning for run in runs for warning in run["warnings"]}),
        "lcp_element": runs[0]["lcp_element"],
        "lcp_phases": {
            phase: statistics.median(run["lcp_phases"].get(phase, 0) for run in runs)
            for phase in runs[0]["lcp_phases"]
        },
        "blocking": {
            name: statistics.median(run["blocking"].get(name, 0) for run in runs)
            for name in sorted({name for run in runs for name in run["blocking"]})
        },
    }


def chromium_version() -> str:
    # The user agent of headless Chromium names only the major version.
    answer = subprocess.run(  # noqa: S603 - our own arguments
        [CHROMIUM, "--version"], capture_output=True, text=True, check=True
    ).stdout
    return re.search(r"[\d.]+", answer)[0]


def page_of(base: str, path: str) -> str:
    """The path itself, or for CLASS_PAGE and INSTRUCTOR_PAGE the page of the first the public
    list shows."""
    if path not in FIRST_OF:
        return path
    with urllib.request.urlopen(f"{base}{FIRST_OF[path]}") as answer:  # noqa: S310 - our own server
        first = json.load(answer)
    if not first:
        raise RuntimeError(f"The demo school has nothing to open at {path}.")
    return path.format(id=first[0]["_id"])


def run_lighthouse(
    paths=PATHS, presets=PRESETS, runs: int = RUNS, base_url: str | None = None
) -> dict:
    """Lighthouse `runs` times on each path per preset, on the seeded demo school (or on a
    server already serving at base_url); the medians, per path and preset."""
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: cd frontend && npm install")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    work = Path(tempfile.mkdtemp(prefix="camp-lighthouse-"))
    results = {
        "runs": runs,
        "presets": list(presets),
        "chromium": chromium_version(),
        "pages": {},
        "reports": str(work),
    }

    with nullcontext(base_url) if base_url else demo_server(work) as base:
        for path in (page_of(base, path) for path in paths):
            results["pages"][path] = {}
            for preset in presets:
                done = []
                for number in range(runs):
                    slug = path.strip("/").replace("/", "-") or "home"
                    output = work / f"{slug}-{preset}-{number + 1}.json"
                    done.append(lighthouse_once(base + path, preset, output))
                page = median_of(done)
                results["pages"][path][preset] = page
                results["lighthouse"] = done[0]["lighthouse"]
                scores = "  ".join(f"{name} {score:g}" for name, score in page["scores"].items())
                print(f"    {path:14} {preset:8} {scores}", flush=True)
    return results


# --- report ----------------------------------------------------------------------------------


def shown_metric(label: str, value: float) -> str:
    unit = METRICS[label][1]
    if unit == "ms":
        return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"
    if unit == "B":
        return f"{value / 1024:.0f} KiB"
    return f"{value:.3f}"


def markdown(results: dict) -> list[str]:
    """The Lighthouse section of docs/performance.md, as lines."""
    lines = [
        "## Lighthouse",
        "",
        f"Lighthouse {results.get('lighthouse', '?')} with Debian's Chromium "
        f"{results.get('chromium', '?')}; each figure is the median of {results['runs']} runs",
        "per page and form factor, on the demo school (`manage.py seed_demo`, a fresh SQLite",
        "file) served by gunicorn with `bench.settings` (production settings, plain HTTP).",
        "Mobile is Lighthouse's default (a mid-range phone on slow 4G, simulated); desktop is its",
        "desktop preset. Scores are out of 100; FCP, LCP, TBT, CLS and SI are Lighthouse's",
        "metrics; bytes, all that the page downloaded.",
        "",
        "| page | form factor | performance | accessibility | best practices "
        "| " + " | ".join(METRICS) + " |",
        "| --- | --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in METRICS) + " |",
    ]
    for path, presets in results["pages"].items():
        for preset, page in presets.items():
            scores = " | ".join(f"{page['scores'][category]:g}" for category in CATEGORIES)
            metrics = " | ".join(shown_metric(label, page["metrics"][label]) for label in METRICS)
            lines.append(f"| `{path}` | {preset} | {scores} | {metrics} |")

    lines += mobile_causes(results)

    failing = {}
    for path, presets in results["pages"].items():
        for preset, page in presets.items():
            for category in AUDITED:
                for audit in page["failures"][category]:
                    key = (category, audit["id"], audit["title"])
                    where, found = failing.setdefault(key, ([], {}))
                    where.append(f"`{path}` {preset}")
                    # Alike findings differ by a callback name or a port: the first few suffice.
                    found.update(dict.fromkeys(audit["found"]))
    lines += ["", "Accessibility and best-practices audits failed (in any run):", ""]
    if failing:
        for (category, audit, title), (where, found) in sorted(failing.items()):
            lines.append(f"- {category}: `{audit}`, {title} ({', '.join(where)})")
            lines += [f"  - {text}" for text in list(found)[:3]]
    else:
        lines.append("- none")
    warnings = sorted(
        {
            warning
            for presets in results["pages"].values()
            for page in presets.values()
            for warning in page["warnings"]
        }
    )
    if warnings:
        lines += ["", "Lighthouse's warnings:", "", *[f"- {warning}" for warning in warnings]]
    lines += [
        "",
        "Reproduce: `make lighthouse` (`.venv/bin/python bench/lighthouse.py`), which runs, from",
        "`frontend/`, for each page:",
        "",
        "```sh",
        *[shown_command(preset) for preset in results["presets"]],
        "```",
        "",
    ]
    return lines


# The score asked of every page, on mobile and on desktop, and the phone's metrics' limits on the
# public pages, which arrive drawn by the server (the largest paint and total blocking time in
# ms, the layout shift as shown).
PERFORMANCE_TARGET = {"mobile": 98, "desktop": 100}
MOBILE_LIMITS = {"LCP": 1500, "TBT": 100, "CLS": 0}
NOT_DRAWN = ("/login",)
LCP_PHASES = ("TTFB", "Load Delay", "Load Time", "Render Delay")


def mobile_causes(results: dict) -> list[str]:
    """Where each page's largest paint spends its time on mobile, what blocks the main thread,
    what was done for it, and which pages miss the target."""
    if "mobile" not in results["presets"]:
        return []
    lines = [
        "",
        "### Mobile: where the largest paint's time goes",
        "",
        "Lighthouse's phases of the largest contentful paint (medians), and the long tasks'",
        "time beyond 50 ms by the script that ran them, which total blocking time counts.",
        "",
        "| page | largest paint | " + " | ".join(LCP_PHASES) + " | long tasks beyond 50 ms |",
        "| --- | --- | " + " | ".join("---:" for _ in LCP_PHASES) + " | --- |",
    ]
    below = []
    for path, presets in results["pages"].items():
        page = presets["mobile"]
        phases = " | ".join(
            shown_metric("LCP", page["lcp_phases"].get(phase, 0)) for phase in LCP_PHASES
        )
        blocking = ", ".join(
            f"{name} {ms:.0f} ms"
            for name, ms in sorted(page["blocking"].items(), key=lambda item: -item[1])
            if ms > 0
        )
        lines.append(f"| `{path}` | {page['lcp_element']} | {phases} | {blocking or 'none'} |")
        for preset, measured in presets.items():
            if measured["scores"]["performance"] < PERFORMANCE_TARGET[preset]:
                below.append(f"`{path}` {preset} ({measured['scores']['performance']:g})")
        for label, limit in MOBILE_LIMITS.items():
            if path not in NOT_DRAWN and round(page["metrics"][label], 3) > limit:
                shown = shown_metric(label, page["metrics"][label])
                below.append(f"`{path}` mobile {label} {shown}")
    lines += [
        "",
        "Done for the phone's score: each public page arrives with its first screen drawn as",
        "HTML by the app's own code, run in V8 inside Django's process (camp/server_render.py),",
        "so its largest paint waits for no script; the app then takes that HTML over where it",
        "stands (hydration, once its route's module is in), so nothing is drawn twice or moves.",
        "It comes Brotli-compressed where the browser takes it (camp/compression.py), which",
        "fits All Classes in a new connection's first round trip. Its scripts are asked for",
        "once it has loaded and first painted, so neither their download nor their run stands",
        "before its largest paint; its headings' typeface is preloaded beside its stylesheet.",
        "The parts that show what only the browser knows learn that the page is taken over in",
        "one transition, which React draws in slices, and the waiting room is asked only then:",
        "an answer arriving sooner had React take the rest of the page over in one long task.",
        "A grid's first picture alone loads before the lazy loader's turn: on a phone the",
        "first row's other two are below the fold and shared the line with the largest paint.",
        "A grid's cards off screen are laid out and painted as they come near",
        "(content-visibility), and the seasons' answer reaches All Classes' cards in a",
        "background render React draws in slices, where it had redrawn every card in one",
        "task (useClassSelection).",
        "Home's date is the page's own, not found from a time-zone table on the phone.",
        "The app starts in tasks of their own (src/app/start.jsx): React's renderer, the",
        "app's modules, the route's and the take-over each set up after a pause for input,",
        "where setting them all up as the script ran was one task of 140 to 215 ms on a",
        "throttled phone.",
        "Before: a first load of 128 to 132 KB gzip with React and react-dom (React Router's",
        "declarative routes rather than its data router, only the CSS the app names, no form",
        "library or Firebase before a visitor needs them); the first screen's data in the page;",
        "its first picture preloaded at the size shown, and its route's chunk at the entry",
        "scripts' low priority; one stylesheet per page; no locale data loaded before the first",
        "screen (dates and prices are written by hand); React Router's production build.",
        "",
    ]
    if below:
        lines.append(f"Past a target: {', '.join(below)}.")
    else:
        lines.append(
            f"Every page is at the target: performance {PERFORMANCE_TARGET['mobile']} or more on"
            f" mobile and {PERFORMANCE_TARGET['desktop']} on desktop; on mobile the largest paint"
            f" within {MOBILE_LIMITS['LCP'] / 1000:g} s, total blocking time within"
            f" {MOBILE_LIMITS['TBT']} ms and no layout shift on each page the server draws"
            f" (all but {', '.join(NOT_DRAWN)})."
        )
    return lines


SECTION = "lighthouse"


def section_lines(results: dict) -> list[str]:
    """The Lighthouse section between its markers, as lines of docs/performance.md."""
    return marked(SECTION, "\n".join(markdown(results))).splitlines() + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per page and form factor")
    parser.add_argument("--presets", default=",".join(PRESETS), help="mobile, desktop or both")
    parser.add_argument("--paths", default=",".join(PATHS), help="pages, comma-separated")
    parser.add_argument("--base-url", help="measure a server already running there instead")
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    arguments = parser.parse_args()
    results = run_lighthouse(
        paths=arguments.paths.split(","),
        presets=arguments.presets.split(","),
        runs=arguments.runs,
        base_url=arguments.base_url,
    )
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2))
    print(f"==> Lighthouse reports in {results['reports']}\n", flush=True)
    print("\n".join(markdown(results)))
    page = arguments.output.read_text() if arguments.output.exists() else ""
    arguments.output.write_text(section_put(page, SECTION, "\n".join(markdown(results))))
    print(f"==> Wrote the Lighthouse section of {arguments.output}", flush=True)


if __name__ == "__main__":
    if shutil.which("node") is None:
        sys.exit("node is missing: Lighthouse runs on Node.js.")
    main()
