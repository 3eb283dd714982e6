"""Usage errors through the real entry point: one `Error:` line and exit 2, not Click's panel."""

import subprocess
import sys

import pytest

ENTRY = "from spadille.cli.app import main; main()"


def spadille(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "quadrille", "--policy", "nope"],
     "Error: Invalid value for '--policy': Value error, 'nope' is not one of 'random', 'heuristic', 'strong', 'dd', 'pimc', 'learned'."),
    (["simulate", "quadrile"], "Error: unknown game 'quadrile' for `spadille simulate` (games: quadrille, cabriolet"),
    (["simulate", "cabriolet", "--policy", "random"], "Error: No such option: --policy"),
    (["simulate", "quadrille", "--dice"], "Error: No such option: --dice"),
    (["simulate", "quadrille", "--bogus"], "Error: No such option: --bogus"),
    (["frobnicate"], "Error: No such command 'frobnicate'."),
])
def test_usage_errors_are_one_line(args, message):
    result = spadille(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(message)
    assert "Traceback" not in result.stderr


def test_no_arguments_prints_help():
    result = spadille()
    assert result.returncode == 0
    assert "simulate" in result.stdout and "bench" in result.stdout


def test_rule_overrides_reach_the_run_and_its_metadata(tmp_path):
    out = tmp_path / "deals.csv"
    result = spadille("simulate", "quadrille", "--deals", "300", "--rule", "payments.lone_payment_threshold=4",
                      "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "payments.lone_payment_threshold=4" in result.stdout
    first_line = out.read_text(encoding="utf-8").splitlines()[0]
    assert '"ruleset_overrides": {"payments.lone_payment_threshold": 4}' in first_line


def test_a_bad_rule_override_is_one_line():
    result = spadille("simulate", "quadrille", "--deals", "10", "--rule", "vole.failed=x")
    assert result.returncode == 1
    assert result.stderr.strip() == ("Error: ruleset 'encyclopedie-1765.toml with vole.failed=x': rule 'vole.failed': "
                                     "value 'x' is not among its choices ['collect-game', 'encyclopedie-literal'] (option --rule)")
