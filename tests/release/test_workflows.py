"""The GitHub Actions workflows: linted by a real workflow linter, and running the README's own commands.

The workflows run only on GitHub's runners; what can be checked here is that they are valid (jactionlint,
from the test extra, with shellcheck on their scripts), and that they install, test and build through
`packaging/readme_command.py`, which reads the commands from the README, never through copies of them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from packaging_support import posix_only

REPO = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
sys.path.insert(0, str(REPO / "packaging"))
import readme_command  # noqa: E402  (packaging/ is not a package)


def tool(name: str) -> str:
    """A binary the test extra installed beside this Python (not whatever else is on PATH)."""
    found = shutil.which(name, path=sysconfig.get_path("scripts")) or shutil.which(name)
    assert found, f"{name} is missing: pip install -e \".[test]\""
    return found


def lint(*files: Path, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([tool("jactionlint"), "--no-color", "--no-online", f"--shellcheck={tool('shellcheck')}",
                           "--pyflakes=", "--config-file", str(REPO / ".github" / "jactionlint.yaml"),
                           *map(str, files)], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_there_are_a_release_and_a_pull_request_workflow():
    assert {path.name for path in WORKFLOWS} == {"release.yml", "ci.yml"}


def test_the_workflows_pass_the_linter():
    done = lint(*WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_linter_rejects_a_broken_workflow(tmp_path):
    # So that a passing lint means something: a retired runner, an unknown context, an unquoted variable.
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text((REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
                      .replace("windows-2022", "macos-14")
                      .replace("${{ matrix.python }}", "${{ matrix.pyhton }}")
                      .replace("run: python packaging/readme_command.py run test\n",
                               "run: cd $HOME/x && python packaging/readme_command.py run test\n", 1))
    done = lint(broken, cwd=tmp_path)
    assert done.returncode == 1
    for finding in ("[unknown-runner-label]", "[undefined-property]", "SC2086"):
        assert finding in done.stdout, done.stdout


def test_the_workflows_install_test_and_build_with_the_readmes_commands():
    release = (REPO / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    ci = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert "run: python packaging/readme_command.py run test\n" in ci
    assert "run: python packaging/readme_command.py run test\n" in release
    assert "run: python packaging/readme_command.py run build\n" in release
    assert release.index("readme_command.py run test") < release.index("readme_command.py run build")


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_the_workflows_hold_no_copy_of_a_readme_command(workflow):
    text = workflow.read_text(encoding="utf-8")
    commands = [readme_command.command(name, windows) for name in readme_command.COMMANDS for windows in (0, 1)]
    for command in commands:
        for part in command.replace("&&", ";").split(";"):
            assert part.strip() not in text, f"{workflow.name} copies {part.strip()!r} from the README"
    for word in ("pip install", "pytest", "pyinstaller", "venv"):
        assert word not in text.lower(), f"{workflow.name} installs or tests by itself ({word})"


def test_pull_requests_are_tested_on_three_systems_and_every_supported_python():
    ci = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert 'python: ["3.10", "3.11", "3.12", "3.13", "3.14"]' in ci
    assert '"Programming Language :: Python :: 3.14"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'requires-python = ">=3.10"' in pyproject  # the oldest in the matrix is the oldest supported
    systems = next(line for line in ci.splitlines() if line.strip().startswith("os: ["))
    assert all(f"{name}-" in systems for name in ("ubuntu", "windows", "macos"))
    assert "pull_request:" in ci and "IDIOTEN_PURE_PYTHON" in ci


def test_the_release_smoke_tests_the_download_files_and_asks_for_the_compiled_core():
    release = (REPO / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "python packaging/release_files.py smoke release/idioten-* --core compiled" in release
    assert release.index("release_files.py pack") < release.index("release_files.py smoke")
    # Windows: the installer made with NSIS, checked, and smoke-tested with the rest (installed, uninstalled).
    installer = release.index("python packaging/release_files.py installer --out release")
    assert release.index("choco install nsis") < installer < release.index("release_files.py check-installer")
    assert installer < release.index("release_files.py smoke")
    assert "dist\\idioten\\idioten.exe" in release  # the folder's program is what is signed
    for runner in ("ubuntu-22.04", "windows-", "macos-15\n", "macos-15-intel"):
        assert f"os: {runner}" in release


def test_each_readme_command_is_read_from_the_block_after_its_marker():
    for windows in (False, True):
        test = readme_command.command("test", windows)
        build = readme_command.command("build", windows)
        assert test.endswith("python -m pytest -q") and '".[test]"' in test
        assert build.endswith("pyinstaller --noconfirm --workpath .pyinstaller build.spec") and '".[build]"' in build
        activate = ".venv\\Scripts\\Activate.ps1" if windows else ". .venv/bin/activate"
        assert activate in test and activate in build


def test_ci_run_reads_the_test_command_as_the_workflows_do():
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "$(python3 packaging/readme_command.py show test)" in ci_run
    assert "release_files.py smoke release/idioten-*-linux-*.tar.gz --core compiled" in ci_run


def test_ci_run_installs_the_debian_packages_before_the_tests_and_checks_installer_and_metainfo():
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    packages = "nsis 7zip appstream xvfb x11-utils speech-dispatcher speech-dispatcher-espeak-ng espeak-ng"
    assert f"packages=({packages})" in ci_run
    install = ci_run.index('apt-get install -y -qq --no-install-recommends "${packages[@]}"')
    assert ci_run.index("apt-get update -qq") < install < ci_run.index("$test_command")
    stand_in = ci_run.index("release_files.py installer --out release/stand-in")
    assert ci_run.index(".venv/bin/pyinstaller") < stand_in < ci_run.index("release_files.py check-installer")
    assert "appstreamcli validate --no-net packaging/linux/io.github.idioten.Idioten.metainfo.xml" in ci_run
    assert ci_run.index("/install.sh\n") < ci_run.index("appstreamcli validate-tree --no-net")
    slow = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8").split("  slow:")[1]
    assert f"apt-get install -y -qq --no-install-recommends {packages}" in slow  # the slow tier needs them all


@pytest.mark.parametrize("readme, message", [
    ("# Nothing\n", "no <!-- test-command --> line"),
    ("<!-- test-command -->\nno block\n", "no code block after <!-- test-command -->"),
    ("<!-- test-command -->\n```sh\n```\n", "no code block after <!-- test-command -->"),
])
def test_a_readme_without_the_command_is_a_one_line_error(readme, message):
    with pytest.raises(readme_command.ReadmeError, match=message):
        readme_command.command("test", False, readme)


def fake_repo(tmp_path: Path, monkeypatch, command: str) -> Path:
    (tmp_path / "README.md").write_text(f"<!-- test-command -->\n```sh\n{command}\n```\n")
    monkeypatch.setattr(readme_command, "REPO", tmp_path)
    monkeypatch.setattr(readme_command, "README", tmp_path / "README.md")
    return tmp_path


@posix_only
def test_running_a_command_stops_at_its_first_failure(tmp_path, monkeypatch):
    fake_repo(tmp_path, monkeypatch, "touch first && false && touch second")
    assert readme_command.run("test", windows=False) == 1
    assert (tmp_path / "first").exists() and not (tmp_path / "second").exists()


@posix_only
def test_running_a_command_checks_the_environment_has_this_python(tmp_path, monkeypatch, capsys):
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    stand_in = "mkdir -p .venv/bin && printf '#!/bin/sh\\necho %s\\n' > .venv/bin/python && chmod +x .venv/bin/python"
    fake_repo(tmp_path, monkeypatch, stand_in % here)
    assert readme_command.run("test", windows=False) == 0
    fake_repo(tmp_path, monkeypatch, stand_in % "2.7")
    assert readme_command.main(["run", "test"]) == 1
    assert f"with Python 2.7, not {here}" in capsys.readouterr().err


def test_on_windows_the_command_runs_in_powershell_and_stops_at_a_failure():
    argv = readme_command.shell_argv("py -m venv .venv; pip install -e .", windows=True)
    assert argv[0] == "pwsh" and argv[-1].endswith("py -m venv .venv; pip install -e .")
    assert "$PSNativeCommandUseErrorActionPreference = $true" in argv[-1]
    assert "$ErrorActionPreference = 'Stop'" in argv[-1]


@posix_only
def test_the_py_launcher_is_told_which_python_to_use(tmp_path, monkeypatch):
    monkeypatch.delenv("PY_PYTHON", raising=False)
    fake_repo(tmp_path, monkeypatch, 'echo "$PY_PYTHON" > seen && false')
    readme_command.run("test", windows=False)
    assert (tmp_path / "seen").read_text().strip() == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert "PY_PYTHON" not in os.environ
