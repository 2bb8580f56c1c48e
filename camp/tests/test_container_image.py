"""The container image's recipe (Dockerfile, .dockerignore) still fits the project it packs.

CI has no Docker, so nothing here builds the image: these tests read the recipe and hold it to
the files it names, which change without it. The Procfile's web line is the image's command and
its default port the one the image exposes; the packages the site imports are the ones the image
installs; what the image copies is in the repository and sent to the build, and what the build is
sent without is the checkout's own state and the machine's local data. Where Docker is
installed, `.ci/run` builds the image too and runs Django's deployment checks in it.
"""

import ast
import json
import posixpath
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path, PurePosixPath

import pytest
from django.conf import settings

from camp.tests.test_import_directions import APPS
from camp.tests.test_production_settings import run_with_production_settings
from testing.settings_processes import python_run

pytestmark = pytest.mark.clockless

ROOT = Path(__file__).resolve().parents[2]
# The first line of requirements.txt's part the site does not run: the checks' and tests' tools.
TOOLS_MARKER = "# Checks and tests"
# The repository's folders the build is sent without on purpose: none of them is the site.
LEFT_OUT = {".ci", "bench", "docs", "e2e"}
# What the checkout holds beside its tracked files and must never reach an image: its own state,
# what it built, and the machine's local data (databases, uploads, children's documents).
LOCAL_STATE = [
    ".git/HEAD",
    ".venv/bin/python",
    ".run/secret-key",
    ".run/celery-broker.sqlite3",
    ".env",
    "camp.env",
    "deploy/production.env",
    "frontend/node_modules/react/index.js",
    "static/dist/manifest.json",
    "build/server/en.js",
    "staticfiles/staticfiles.json",
    "db.sqlite3",
    "db.sqlite3-journal",
    "media/classes/banner.png",
    "care-documents/2027/plan.pdf.enc",
    "artwork-photos/2027/piece.jpg",
    "accounts/__pycache__/models.cpython-311.pyc",
    "firebase-debug.log",
]


@dataclass
class Stage:
    name: str
    base: str
    # (instruction, its arguments as written), in order: ("RUN", "pip install ...").
    steps: list[tuple[str, str]] = field(default_factory=list)

    def arguments(self, instruction: str) -> list[str]:
        return [text for name, text in self.steps if name == instruction]


def dockerfile_stages(text: str) -> list[Stage]:
    """The Dockerfile's stages, each with its instructions: lines continued with a trailing
    backslash joined, comments (parser directives among them) left out."""
    stages: list[Stage] = []
    logical = ""
    for line in text.splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        logical += line.strip()
        if logical.endswith("\\"):
            logical = logical[:-1].rstrip() + " "
            continue
        instruction, _, arguments = logical.partition(" ")
        instruction, arguments, logical = instruction.upper(), arguments.strip(), ""
        if instruction == "FROM":
            words = arguments.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else str(len(stages))
            stages.append(Stage(name=name, base=words[0]))
        else:
            stages[-1].steps.append((instruction, arguments))
    return stages


def copy_parts(arguments: str) -> tuple[dict[str, str], list[str], str]:
    """A COPY's flags (`--from=bundle` as {"from": "bundle"}), its sources and its destination."""
    words = shlex.split(arguments)
    flags = dict(word[2:].partition("=")[::2] for word in words if word.startswith("--"))
    paths = [word for word in words if not word.startswith("--")]
    return flags, paths[:-1], paths[-1]


def dockerignore_pattern(pattern: str) -> re.Pattern:
    """A .dockerignore pattern as Docker reads it: Go's filepath.Match from the context's root,
    with `**` for any number of folders, none included."""
    pattern = posixpath.normpath(pattern).strip("/")
    expression, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            expression, i = expression + "(.*/)?", i + 3
        elif pattern.startswith("**", i):
            expression, i = expression + ".*", i + 2
        elif pattern[i] == "*":
            expression, i = expression + "[^/]*", i + 1
        elif pattern[i] == "?":
            expression, i = expression + "[^/]", i + 1
        else:
            expression, i = expression + re.escape(pattern[i]), i + 1
    return re.compile(f"^{expression}$")


def dockerignore_rules() -> list[tuple[bool, re.Pattern]]:
    """Each rule of .dockerignore in order: whether it leaves out (or, after `!`, takes back)
    what its pattern matches, and the pattern."""
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rules.append((not line.startswith("!"), dockerignore_pattern(line.removeprefix("!"))))
    return rules


def sent_to_the_build(path: str, rules: list[tuple[bool, re.Pattern]]) -> bool:
    """Whether Docker sends `path` to the build: the last rule that matches the path or a folder
    above it decides."""
    parts = PurePosixPath(path).parts
    candidates = ["/".join(parts[:count]) for count in range(1, len(parts) + 1)]
    sent = True
    for leaves_out, pattern in rules:
        if any(pattern.match(candidate) for candidate in candidates):
            sent = not leaves_out
    return sent


def tracked_files() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files"],  # noqa: S607 - git from PATH, as make and CI run it
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict((part.strip() for part in line.split(":", 1)) for line in lines if line.strip())


def requirement_names(lines: list[str]) -> set[str]:
    """The distributions requirement lines name, normalized (PEP 503)."""
    names = set()
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(normalized(re.split(r"[\[=<>~!; ]", line, maxsplit=1)[0]))
    return names


def normalized(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


def site_requirement_lines() -> list[str]:
    """requirements.txt up to the tools' part, as the image's `sed` cuts it."""
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    return lines[: lines.index(TOOLS_MARKER)]


def site_modules() -> list[Path]:
    """The Python the site runs: the project package, its apps and manage.py, without tests."""
    files = [ROOT / "manage.py"]
    for top in ["camp", *APPS]:
        files += [path for path in (ROOT / top).rglob("*.py") if "tests" not in path.parts]
    return files


def imported_packages(path: Path) -> set[str]:
    """The top-level names of the modules `path` imports from outside the project."""
    ours = {entry.name for entry in ROOT.iterdir() if entry.is_dir()}
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - ours - set(sys.stdlib_module_names)


@pytest.fixture(scope="module")
def stages() -> list[Stage]:
    return dockerfile_stages((ROOT / "Dockerfile").read_text())


@pytest.fixture(scope="module")
def site(stages) -> Stage:
    """The last stage: the image that runs."""
    return stages[-1]


def test_every_base_image_is_pinned_by_a_tag(stages):
    for position, stage in enumerate(stages):
        if stage.base in {earlier.name for earlier in stages[:position]}:
            continue
        # A digest (image@sha256:...) pins it too.
        tag = stage.base.split("@")[0].partition(":")[2]
        assert "@" in stage.base or tag not in {"", "latest"}, f"{stage.base} is not pinned"


def test_the_site_runs_the_python_the_code_is_checked_for(site):
    # ruff's target (pyproject.toml), "py311", is the Python whose syntax the code may use.
    target = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["target-version"]

    assert site.base.startswith(f"python:{target[2]}.{target[3:]}-"), site.base


def test_every_copy_from_a_stage_names_an_earlier_one(stages):
    for position, stage in enumerate(stages):
        earlier = {other.name for other in stages[:position]}
        for arguments in stage.arguments("COPY"):
            flags, _, _ = copy_parts(arguments)
            if "from" in flags:
                assert flags["from"] in earlier, f"stage {stage.name}: COPY {arguments}"


def test_every_file_copied_from_the_repository_is_tracked_and_sent_to_the_build(stages):
    tracked, rules = tracked_files(), dockerignore_rules()
    for stage in stages:
        for arguments in stage.arguments("COPY"):
            flags, sources, _ = copy_parts(arguments)
            if "from" in flags:
                continue
            for source in sources:
                folder = posixpath.normpath(source).strip("/")
                inside = [
                    path
                    for path in tracked
                    if folder == "." or path == folder or path.startswith(f"{folder}/")
                ]
                kept = [path for path in inside if sent_to_the_build(path, rules)]
                assert kept, f"stage {stage.name}: COPY {source} finds nothing the build is sent"
                assert len(kept) == len(inside) or folder == ".", (
                    f"stage {stage.name}: COPY {source}, but .dockerignore leaves out "
                    f"{sorted(set(inside) - set(kept))[:5]}"
                )


def test_the_bundle_the_site_copies_is_where_webpack_writes_it_and_the_site_reads_it(stages):
    bundle, site = stages[0], stages[-1]
    copies = [copy_parts(text) for text in site.arguments("COPY")]
    copied = {
        posixpath.normpath(destination): posixpath.normpath(source)
        for flags, [source], destination in copies
        if flags.get("from") == bundle.name
    }
    webpack = (ROOT / "frontend" / "webpack.config.js").read_text()
    outputs = re.findall(r'output: \{\s*path: path\.resolve\(__dirname, "([^"]+)"', webpack)
    built = {
        posixpath.normpath(posixpath.join(bundle.arguments("WORKDIR")[-1], output))
        for output in outputs
    }
    manifest = Path(settings.BUNDLE_MANIFEST).relative_to(settings.BASE_DIR)
    server_build = Path(settings.SERVER_RENDER_DIR).relative_to(settings.BASE_DIR)

    # The browser's bundle and the server's build, each where the site reads it.
    assert set(copied) == {manifest.parent.as_posix(), server_build.as_posix()}
    assert set(copied.values()) == built


def test_the_site_installs_requirements_txt_without_the_tools_part(site):
    tools = (ROOT / "requirements.txt").read_text().splitlines()
    tools = tools[tools.index(TOOLS_MARKER) :]
    installs = [text for text in site.arguments("RUN") if "pip install" in text]

    assert any("requirements.txt" in shlex.split(text)[0] for text in site.arguments("COPY"))
    assert len(installs) == 1
    assert "-r " in installs[0]
    # The line the image's `sed` cuts at must be the one requirements.txt has, or the image
    # would carry every test tool.
    assert f"/^{TOOLS_MARKER}$/,$d" in installs[0]
    assert {"pytest", "playwright", "ruff"} <= requirement_names(tools)
    assert {"django", "gunicorn", "celery"} <= requirement_names(site_requirement_lines())


def test_the_site_s_requirements_name_every_package_the_site_imports():
    providers = metadata.packages_distributions()
    site_part = requirement_names(site_requirement_lines())
    missing = {}
    for path in site_modules():
        for package in imported_packages(path):
            distributions = {normalized(name) for name in providers.get(package, [package])}
            if not distributions & site_part:
                missing.setdefault(package, str(path.relative_to(ROOT)))

    assert not missing, f"imported by the site, not in requirements.txt's first part: {missing}"


def test_the_image_runs_as_a_user_that_is_not_root(site):
    users = site.arguments("USER")

    assert users, "the image would run as root"
    assert users[-1].split(":")[0] not in {"root", "0"}


def test_the_default_command_is_the_procfile_s_web_line(site):
    [command] = site.arguments("CMD")

    # The JSON form with a shell of its own: the line's ${PORT:-8000} needs one, and `exec`
    # gives gunicorn the shell's place, so a stop's SIGTERM reaches it.
    assert json.loads(command) == ["/bin/sh", "-c", f"exec {procfile()['web']}"]


def test_the_image_exposes_the_procfile_s_default_port(site):
    port = re.search(r"\$\{PORT:-(\d+)\}", procfile()["web"]).group(1)

    assert site.arguments("EXPOSE") == [port]


def test_the_image_runs_the_production_settings_and_sets_only_settings_that_exist(site):
    variables = {}
    for arguments in site.arguments("ENV"):
        variables.update(word.split("=", 1) for word in shlex.split(arguments))
    read = "\n".join(path.read_text() for path in (ROOT / "camp" / "settings").glob("*.py"))

    assert variables["DJANGO_SETTINGS_MODULE"] == "camp.settings.production"
    for name in variables.keys() - {"DJANGO_SETTINGS_MODULE", "PYTHONUNBUFFERED"}:
        assert name.startswith("PIP_") or f'env("{name}"' in read, f"{name} is read by nothing"


def test_the_image_keeps_no_secret(site):
    # What collectstatic is given at build time is given to it alone, never set for the image.
    names = set()
    for arguments in site.arguments("ENV") + site.arguments("ARG"):
        names.update(word.split("=", 1)[0] for word in shlex.split(arguments))

    assert not {name for name in names if re.search("KEY|SECRET|PASSWORD|TOKEN", name)}


def test_the_build_is_sent_without_the_checkout_s_state_and_local_data():
    rules = dockerignore_rules()

    assert [path for path in LOCAL_STATE if sent_to_the_build(path, rules)] == []


def test_the_build_is_sent_every_tracked_file_but_the_folders_left_out():
    rules = dockerignore_rules()
    withheld = [path for path in tracked_files() if not sent_to_the_build(path, rules)]

    assert {path.split("/")[0] for path in withheld} <= LEFT_OUT, withheld[:10]
    assert {path.split("/")[0] for path in withheld} == LEFT_OUT


# The settings collectstatic reads, as a process on `module` prints them.
STATIC_SETTINGS = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({
    "apps": settings.INSTALLED_APPS,
    "root": str(settings.STATIC_ROOT),
    "folders": [str(folder) for folder in settings.STATICFILES_DIRS],
    "finders": settings.STATICFILES_FINDERS,
    "storage": settings.STORAGES["staticfiles"],
}))
"""


def test_the_image_collects_the_static_files_production_serves(site):
    # The image runs collectstatic on settings that need no secret at build time; they must
    # gather what production's would.
    [collect] = [text for text in site.arguments("RUN") if "collectstatic" in text]
    given = collect.split("python manage.py collectstatic")[0].split()
    environment = dict(word.split("=", 1) for word in given)
    built = python_run("-c", STATIC_SETTINGS, environment=environment)
    production = run_with_production_settings("-c", STATIC_SETTINGS)

    assert built.returncode == 0, built.stderr
    assert production.returncode == 0, production.stderr
    assert json.loads(built.stdout.splitlines()[-1]) == json.loads(
        production.stdout.splitlines()[-1]
    )
