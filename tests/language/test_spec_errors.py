"""Bad specifications and parameters: one clear error naming file, line, column, what was expected."""

import pytest

from cgs_bridge.foundation.errors import BoxError, ParameterError, RuleError, SpecError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import Box, check_fits, parse_bound, solve


def err(text, **kw):
    with pytest.raises(SpecError) as e:
        load_text(text, "bad.game", **kw)
    return e.value


def test_syntax_error_names_file_line_column_and_expected():
    e = err("game g\n  coordinates x, y\n  require y <= floor((x + ) / 2)\n")
    assert (e.file, e.line, e.column) == ("bad.game", 3, 27)
    assert "unexpected ')'" in e.message and "expected" in e.message and "a name" in e.message
    assert "^" in str(e)  # caret under the offending text


def test_unexpected_end_of_input():
    e = err("game g\n  coordinates x\n  require x <=")
    assert e.line == 3 and "end of input" in e.message


def test_unknown_name_and_claim_only_names():
    assert "unknown name 'w'" in err("game g coordinates x require x <= w").message
    e = err("game g coordinates x require grundy <= 2")
    assert "claims" in e.message and e.line == 1


def test_type_errors():
    assert "expected an integer" in err("game g coordinates x require (x <= 2) + 1 <= 3").message
    assert "expected a condition" in err("game g coordinates x require x + 1").message


def test_bare_division_and_log2():
    e = err("game g coordinates x, y\n require y <= x / 2")
    assert "floor" in e.message and (e.line, e.column) == (2, 17)
    assert "floor(log2" in err("game g coordinates x require x <= log2(x)").message


def test_rule_errors():
    # several plain rules for one coordinate are allowed (issue 22); a derived rule stays alone
    assert "two move rules" in err("game g coordinates x cut x to t cut x derived").message
    assert "cannot also assign" in err("game g coordinates x, y cut x to t: x = 0").message
    assert "assigned twice" in err("game g coordinates x, y cut x to t: y = 0, y = 1").message
    assert "not a coordinate" in err("game g coordinates x cut x to t: w = 0").message


def test_derived_moves_need_bounding_inequalities():
    e = err("game g coordinates x, y\n require x + y <= 5\n cut x, y derived")
    assert "derived moves" in e.message and "x, y all on the smaller side" in e.message and e.line == 2
    assert "derived" in err("game g coordinates x, y require x == y cut x derived").message


def test_sum_errors():
    assert "unknown game 'nosuch'" in err("game g sum nosuch[x] + nim[y]").message
    assert "1 coordinates" in err("game g sum nim[x, y]").message


def test_arity_and_unknown_function():
    assert "min takes at least 1" in err("game g coordinates x require x <= min()").message
    assert "unknown function 'foo'" in err("game g coordinates x require x <= foo(x)").message


def test_parameter_errors():
    tri = load_text("game t(k: int >= 1 = 3) coordinates x, y require y <= floor(x / k) cut x to t cut y to t")
    with pytest.raises(ParameterError, match=">= 1"):
        Ruleset(tri, {"k": "0"})
    with pytest.raises(ParameterError, match="integer"):
        Ruleset(tri, {"k": "three"})
    with pytest.raises(ParameterError, match="no parameter 'q'"):
        Ruleset(tri, {"q": "1"})
    step = load_text("game s(f: nondecreasing function) coordinates y, z require y <= f(z) cut y to t cut z to t: y = min(y, f(t))")
    with pytest.raises(ParameterError, match="needs parameter f"):
        Ruleset(step, {})
    with pytest.raises(ParameterError, match="expression in t"):
        Ruleset(step, {"f": "floor(z/2)"})


def test_function_parameter_not_monotone_on_box():
    step = load_text("game s(f: nondecreasing function) coordinates y, z require y <= f(z) cut y to t cut z to t: y = min(y, f(t))")
    r = Ruleset(step, {"f": "t % 3"})
    with pytest.raises(ParameterError, match=r"f\(2\) = 2 > f\(3\) = 0"):
        solve(r, parse_bound("5", r.coords))


def test_box_too_large_is_refused_before_allocation_with_largest_bound():
    box = Box(("x", "y", "z"), (5000, 5000, 5000))
    with pytest.raises(BoxError) as e:
        check_fits(box, budget=1 << 30)
    msg = str(e.value)
    bound = int(msg.rsplit(" ", 1)[1])
    check_fits(Box(box.coords, (bound,) * 3), budget=1 << 30)  # that bound fits
    with pytest.raises(BoxError):
        check_fits(Box(box.coords, (bound + 1,) * 3), budget=1 << 30)


def test_bound_parsing_errors():
    with pytest.raises(BoxError, match="not a coordinate"):
        parse_bound("x=1,q=2", ("x", "y"))
    with pytest.raises(BoxError, match="no bound for y"):
        parse_bound("x=1", ("x", "y"))
    with pytest.raises(BoxError, match="expects"):
        parse_bound("x=a", ("x",))


def test_rule_leaving_valid_set_is_reported_with_example():
    # seed 000 Ex 7.2's published move for a cut of a, b' = min(b, floor(t/k)), keeps
    # a - h <= k b' only when h >= k - 1: with k = 3, h = 0, (3, 1) -> (1, 0) is invalid.
    from cgs_bridge.model import catalog
    r = Ruleset(catalog.load("two_inequalities"), {"k": "3", "h": "0"})
    with pytest.raises(RuleError, match=r"\(3, 1\) reaches \(1, 0\), which is not a valid position"):
        solve(r, parse_bound("6", r.coords), method="reference")


def test_derived_move_not_well_defined():
    # y <= x - 2 cannot hold for x < 2 whatever y is: lowering x to 0 has no valid position.
    g = load_text("game g coordinates x, y\n require y + 2 <= x\n cut x, y derived")
    r = Ruleset(g)
    with pytest.raises(RuleError, match="not well defined"):
        r.after_cut(0, (0, 0))
