"""Which tests are in the fast subset (``pytest -m fast``, docs/recipes/tests.md).

Every test module is listed in :data:`MODULES` with its category:

- ``fast``: pure Python and small solves; the whole category runs in the edit-test loop.
- ``engine``: starts an outside program: Mathics3, the JVM of the real CGSuite, bubblewrap
  sandboxes, chromium, pdflatex, a Jupyter kernel, a fresh venv install.
- ``heavy``: long in-process or many processes: many hypothesis examples that each compile a numba
  kernel, local Dask clusters, CLI subprocesses by the dozen, published-size boxes.

``conftest.py`` marks every collected test ``fast``, ``engine`` or ``heavy`` from this table. Inside a
fast module a test is still ``engine`` when it is marked ``mathics``, ``install``, ``slow`` or ``published`` or uses
one of :data:`ENGINE_FIXTURES`, and takes the category :data:`TESTS` gives it by name. A module
missing from the table is ``engine`` (so the fast subset never grows by accident) and
``tests/test_suite_categories.py`` fails until it is listed. ``pytest -q`` (the README's command,
what CI runs) runs every category.
"""

from __future__ import annotations

from pathlib import Path

import pytest

FAST = "fast"
ENGINE = "engine"
HEAVY = "heavy"
CATEGORIES = (FAST, ENGINE, HEAVY)
TESTS_DIR = Path(__file__).resolve().parent

#: Every test module (path under tests/) and its category.
MODULES = {
    # issue 49: take-and-break games
    "language/test_takebreak_codes.py": FAST,
    "language/test_splits.py": FAST,
    "language/test_spawns.py": FAST,
    "solvers/test_heaps.py": FAST,
    "solvers/test_periodicity.py": FAST,
    "solvers/test_heaps_attacks.py": FAST,         # issue 49 red team
    "solvers/test_heaps_signals.py": HEAVY,        # a solve started, stopped by SIGTERM (10 s)
    # issue 47: moves that raise a coordinate (lexicographic descent)
    "solvers/test_lexicographic.py": HEAVY,        # random games, a numba kernel per rule shape (~20 s)
    "systems/mathematica/test_emitted_lexicographic.py": ENGINE,  # Mathics3 runs the emitted mem program
    "jobs/test_prove_octal.py": HEAVY,
    "jobs/test_prove_octal_attacks.py": HEAVY,     # issue 49 red team: brute-force verdicts
    "systems/cgsuite/test_takebreak_real.py": ENGINE,
    "systems/cgsuite/test_turning_real.py": ENGINE,      # issue 47: Spawning and spawn specs in the real CGSuite
    "systems/cgsuite/test_turning.py": FAST,             # issue 47: coin-turning programs audited
    "systems/mathematica/test_spawn_mathics.py": ENGINE,
    "systems/cgsuite/test_cgscript_takebreak.py": FAST,  # its real-CGSuite tests are engine (fixture)
    "systems/mathematica/test_audit_takebreak.py": ENGINE,
    "systems/mathematica/test_takebreak_mathics.py": ENGINE,
    "api/test_api.py": FAST,
    "api/test_prove_api.py": FAST,
    "api/test_claims_api.py": FAST,
    "systems/walnut/test_walnut_printer.py": FAST,
    "systems/walnut/test_walnut_automaton.py": FAST,
    "systems/walnut/test_walnut_engine.py": ENGINE,
    "systems/walnut/test_walnut_witness.py": FAST,
    "systems/test_provers.py": FAST,
    "test_system_names.py": FAST,
    "jobs/test_prove.py": ENGINE,
    "jobs/test_prove_properties.py": ENGINE,
    "jobs/test_prove_catalog.py": ENGINE,
    "jobs/test_prove_both.py": ENGINE,
    "jobs/test_prove_smallest.py": HEAVY,
    "language/test_derived_semantics.py": FAST,
    "jobs/test_prove_hypotheses.py": HEAVY,
    "jobs/test_prove_random.py": HEAVY,
    "solvers/test_hypotheses.py": FAST,
    "solvers/test_recursion.py": FAST,
    "jobs/test_bench_prove.py": HEAVY,
    "jobs/test_bench_prove_scale.py": HEAVY,
    "jobs/test_discover_prove.py": HEAVY,
    "jobs/test_discover_automaton.py": HEAVY,
    "presentation/test_plot_proofs.py": FAST,
    # issue 48: the proof outputs (pdflatex + pdftotext, chromium), their folder, the paper printers
    "presentation/test_proof_tex.py": ENGINE,
    "presentation/test_proof_html.py": ENGINE,
    "presentation/test_explore_frame.py": ENGINE,
    "presentation/test_proof_folder.py": FAST,
    "presentation/test_math_printers.py": FAST,
    "cli/test_prove_surfaces.py": FAST,
    "api/test_api_figures.py": FAST,
    "api/test_notebook.py": ENGINE,
    "api/test_readme_frames.py": FAST,
    "cli/test_cli.py": FAST,
    "cli/test_cli_checks.py": FAST,
    "cli/test_hostile_inputs.py": FAST,
    "cli/test_hostile_inputs2.py": FAST,
    "cli/test_hostile_inputs3.py": FAST,
    "cli/test_hostile_inputs4.py": FAST,
    "foundation/test_budget.py": FAST,
    "systems/auditing/test_reading.py": FAST,
    "systems/walnut/test_walnut_automata.py": FAST,
    "cli/test_hostile_audit.py": ENGINE,
    "cli/test_input_limits.py": FAST,
    "cli/test_startup.py": FAST,
    "cli/test_option_names.py": FAST,
    "cli/test_moves_commands.py": FAST,
    "cli/test_output_force.py": FAST,
    "cli/test_teaching_errors.py": FAST,
    "cli/test_claim_options.py": FAST,
    "foundation/test_output_cache.py": FAST,
    "foundation/test_names.py": FAST,
    "foundation/test_progress.py": FAST,
    "foundation/test_escape.py": FAST,
    "jobs/test_claim_verdict.py": FAST,
    "jobs/test_compare.py": FAST,
    "jobs/test_discover.py": FAST,
    "jobs/test_discover_properties.py": FAST,
    "jobs/test_discover_stability.py": FAST,
    "jobs/test_discover_flags.py": FAST,
    "jobs/test_generate.py": FAST,
    "jobs/test_partial_results.py": FAST,
    "jobs/test_sweep.py": FAST,
    "jobs/test_sweep_guard.py": FAST,
    "jobs/test_verify.py": ENGINE,
    "jobs/test_verify_interrupt.py": HEAVY,  # two CLI runs stopped by SIGINT
    "jobs/test_verify_plan.py": FAST,
    "jobs/test_verify_empty_engine.py": FAST,
    "language/test_derive_steps.py": FAST,
    "language/test_automaton_file.py": FAST,
    "language/test_operators.py": FAST,
    "language/test_grammar_properties.py": FAST,
    "language/test_spec_boxes.py": FAST,
    "language/test_spec_errors.py": FAST,
    "language/test_sums_and_derived.py": FAST,
    "language/test_visitors.py": FAST,
    "model/test_catalog_facts.py": FAST,
    "model/test_catalog_parse_once.py": FAST,
    "model/test_moves_pass.py": FAST,
    "model/test_pass_flag_bound.py": FAST,
    "model/test_resolve.py": FAST,
    "presentation/test_explore.py": ENGINE,
    "presentation/test_hostile_pages.py": ENGINE,
    "presentation/test_html_report.py": ENGINE,
    "presentation/test_latex.py": ENGINE,
    "presentation/test_plot.py": FAST,
    "presentation/test_plot_automaton.py": FAST,
    "presentation/test_plot_paper.py": FAST,
    "presentation/test_positions_text.py": FAST,
    "presentation/test_notebook_views.py": FAST,
    "presentation/test_results.py": FAST,
    "presentation/test_tables.py": FAST,
    "solvers/test_automata.py": FAST,
    "solvers/test_automata_fib.py": FAST,
    "solvers/test_automata_large.py": HEAVY,
    "solvers/test_automata_properties.py": FAST,
    "solvers/test_automata_triangular.py": FAST,
    "solvers/test_automata_walnut.py": ENGINE,
    "solvers/test_automata_diagram.py": FAST,
    "solvers/test_automata_memo.py": FAST,
    "solvers/test_automata_scoping.py": FAST,
    "solvers/test_automata_layouts.py": HEAVY,
    "solvers/test_simplify.py": FAST,
    "solvers/test_logic_visitors.py": FAST,
    "solvers/test_logic_passes.py": FAST,
    "solvers/test_claims_compiled.py": FAST,
    "solvers/test_guard_rails.py": FAST,
    "solvers/test_kernel.py": FAST,
    "solvers/test_kernel_params.py": FAST,
    "solvers/test_kernel_properties.py": FAST,
    "solvers/test_memory_check.py": FAST,
    "solvers/test_moves_properties.py": FAST,
    "solvers/test_translate_claims.py": FAST,
    "solvers/test_translate_exprs.py": FAST,
    "solvers/test_translate_rules.py": FAST,
    "systems/auditing/test_audit_judge.py": FAST,
    "systems/auditing/test_audit_declared.py": FAST,
    "systems/mathematica/test_audit_normalize.py": FAST,
    "systems/auditing/test_audit_printed.py": FAST,
    "systems/mathematica/test_wlread.py": FAST,
    "systems/auditing/test_seed_extract.py": FAST,
    "systems/cgsuite/test_audit_cgscript.py": FAST,
    "systems/cgsuite/test_audit_overrides.py": ENGINE,  # audits in bubblewrap
    "systems/cgsuite/test_cgscript_sandbox.py": ENGINE,
    "systems/cgsuite/test_cgscript_styles.py": FAST,
    "systems/cgsuite/test_cgscript_styles_games.py": ENGINE,
    "systems/cgsuite/test_audit_map_constant.py": FAST,
    "systems/cgsuite/test_cgscript_vs_engine.py": ENGINE,
    "systems/cgsuite/test_cgsuite_transcripts.py": FAST,
    "systems/cgsuite/test_real_cgsuite.py": ENGINE,
    "systems/cgsuite/test_real_cgsuite_ports.py": ENGINE,
    "systems/mathematica/test_audit_forgery.py": ENGINE,
    "systems/mathematica/test_audit_nothing_checked.py": ENGINE,
    "systems/mathematica/test_audit_prelude.py": ENGINE,
    "systems/mathematica/test_recursion_limit.py": ENGINE,
    "systems/mathematica/test_audit_safety.py": ENGINE,
    "systems/mathematica/test_launcher_start.py": ENGINE,
    "systems/mathematica/test_audit_seeds.py": ENGINE,
    "systems/mathematica/test_audit_styles.py": ENGINE,
    "systems/mathematica/test_audit_evidence.py": ENGINE,
    "systems/mathematica/test_audit_published_forms.py": ENGINE,
    "systems/mathematica/test_audit_printed_only.py": ENGINE,
    "systems/cgsuite/test_audit_library_examples.py": ENGINE,  # reads the real CGSuite
    "systems/cgsuite/test_cgscript_strips.py": FAST,  # issue 47: Strip, Turning; its real-CGSuite tests are engine
    "systems/cgsuite/test_cgscript_grids.py": FAST,  # issue 47: Grid, Domineering, Cram; its real-CGSuite tests are engine
    "systems/cgsuite/test_audit_grids.py": FAST,  # issue 47: the audit of programs on grids
    "systems/cgsuite/test_cgscript_heapfn.py": FAST,  # issue 47: FunctionalHeapRuleset, Join; its real-CGSuite tests are engine
    "systems/cgsuite/test_cgscript_variants.py": FAST,  # issue 47: variants, subtraction; its real-CGSuite test is engine
    "systems/cgsuite/test_cgscript_graphs.py": FAST,  # issue 47: GenArcKayles; its real-CGSuite tests are engine
    "systems/cgsuite/test_cgscript_hackenbush.py": FAST,  # issue 47: enums, GenHackenbush; real-CGSuite tests are engine
    "systems/cgsuite/test_audit_cgscript_printed.py": ENGINE,  # the real CGSuite prints the same
    "systems/mathematica/test_emitted_mathics.py": ENGINE,
    "systems/test_engine_startup.py": ENGINE,
    "systems/test_moves_engines.py": ENGINE,
    "systems/test_printers.py": FAST,
    "systems/test_sandbox.py": ENGINE,
    "systems/test_reaper.py": ENGINE,
    "test_layers.py": FAST,
    "test_readme_shell.py": ENGINE,
    "test_size.py": FAST,
    "test_suite_categories.py": FAST,
}

#: The recipes whose test starts subprocesses that compile kernels or run several CLI commands.
MODULES.update({"test_recipe_new_system.py": HEAVY, "test_recipe_new_operator.py": ENGINE,
                "test_recipe_new_game.py": HEAVY, "test_recipe_new_discovery_family.py": HEAVY})

#: Module-name patterns with one category (the phase-B change recipes' tests follow a recipe in a
#: scratch copy in seconds: docs/recipes/*.md).
PATTERNS = {"test_recipe_*.py": FAST}

#: Fixtures that start an engine: a test using one is ``engine`` wherever it is.
ENGINE_FIXTURES = {"real_cgsuite", "walnut_home"}

#: Markers that make a test ``engine`` wherever it is.
ENGINE_MARKERS = ("mathics", "install", "slow", "published")

#: Tests of fast modules in another category (module -> {test function name: category}); measured
#: with ``pytest --durations=0`` (docs/recipes/tests.md).
TESTS: dict[str, dict[str, str]] = {
    # issue 45: two CLI runs under python -X importtime, 3.6 s
    "systems/test_provers.py": {"test_prove_with_the_embedded_prover_imports_no_systems_folder": HEAVY},
    # issue 45.3: an embedded proof of two automaton claims, 2 s
    "solvers/test_logic_visitors.py": {"test_an_automaton_inside_an_inlined_definition_is_renamed": HEAVY},
    # issue 50: the halving sentence of a piecewise f takes the embedded prover 5-15 s
    "solvers/test_hypotheses.py": {"test_each_property_decided_for_every_value_agrees_with_its_definition": HEAVY},
    # issues 47/49: the audit command in a subprocess of its own, 2-3 s each
    "systems/cgsuite/test_cgscript_takebreak.py": {"test_the_command_line_gives_the_exit_codes": HEAVY},
    "systems/cgsuite/test_cgscript_graphs.py": {"test_cycles_take_the_values_of_their_one_kind_of_option": HEAVY,
                                                "test_the_command_line_gives_the_exit_codes": HEAVY},
    "systems/cgsuite/test_cgscript_hackenbush.py": {"test_the_command_line_gives_the_exit_codes": HEAVY,
                                                    "test_the_sandboxed_command_line_gives_the_same_exit_codes": ENGINE},
    # round 6: the fast run's slowest functions (--durations=0 on the idle 2-core machine, 1.3 s to
    # 12 s each in all: published-size boxes, CLI subprocesses, time limits waited out, PDF
    # rendering, hundreds of hypothesis examples), so that `-m fast` stays under a minute
    "model/test_catalog_facts.py": {"test_step_corollary_4_1": HEAVY, "test_strip_step_theorem_3_1": HEAVY,
                                    "test_floor_ratio_theorem_2_6": HEAVY},
    "solvers/test_translate_rules.py": {"test_valid_and_options_equal_the_ruleset": HEAVY},
    "solvers/test_translate_claims.py": {"test_true_claims_hold_everywhere_on_the_box": HEAVY},
    "jobs/test_partial_results.py": {"test_cut_off_mathematica_run_gives_incomplete": HEAVY,
                                     "test_cut_off_repl_is_compared_on_the_rows_received": HEAVY},
    "systems/test_printers.py": {"test_random_expressions_cgscript_and_spec_agree_with_reference": HEAVY},
    "language/test_grammar_properties.py": {"test_print_parse_round_trip_and_meaning": HEAVY},
    "presentation/test_plot_proofs.py": {"test_cli_plot_needs_a_sweep_and_never_overwrites": HEAVY},
    "presentation/test_plot_automaton.py": {"test_discover_automaton_report_and_figure": HEAVY},
    "systems/walnut/test_walnut_automaton.py": {"test_emitted_programs_leave_an_automaton_claim_out": HEAVY},
    "presentation/test_proof_folder.py": {"test_a_rerun_with_other_run_times_succeeds_and_an_edit_is_kept": HEAVY,
                                          "test_sweep_plot_and_table_targets_are_checked_before_the_sweep": HEAVY},
    "cli/test_prove_surfaces.py": {"test_claim_locations_name_where_the_claim_was_written": HEAVY},
    "presentation/test_plot_paper.py": {"test_pdf_embeds_truetype_fonts_and_svg_is_vector": HEAVY},
    "jobs/test_generate.py": {"test_emitted_step_and_hexagon_are_the_fixture_classes": HEAVY},
    "cli/test_startup.py": {"test_verify_loads_no_discovery_sweep_bench_or_plot_module": HEAVY},
    "api/test_api.py": {"test_every_readme_python_block_runs": ENGINE,  # verify runs Mathics3
                        "test_api_tour_script_runs": ENGINE},
    "cli/test_input_limits.py": {"test_local_cluster_sweep_leaves_no_scratch": HEAVY},
    # issue 46: CLI subprocesses waited on, a local Dask cluster, proofs and audits read to a limit
    "cli/test_hostile_inputs4.py": {"test_sigterm_leaves_no_walnut_folder_and_no_process": HEAVY,
                                    "test_local_cluster_serves_no_page_and_leaves_port_8787_alone": HEAVY,
                                    "test_options_inside_the_rule_run": HEAVY,
                                    "test_discover_passes_its_limits_to_every_proof": HEAVY,
                                    "test_claims_file_over_16_mib_is_refused": HEAVY,
                                    "test_claims_from_a_pipe_are_read_once": HEAVY},
    "systems/auditing/test_reading.py": {"test_reading_past_the_time_limit_is_refused_before_the_engine": HEAVY,
                                         "test_reading_past_the_memory_limit_is_refused_before_the_engine": HEAVY},
    "systems/walnut/test_walnut_automata.py": {"test_hostile_walnut_output_is_an_engine_error_row": HEAVY},
    "cli/test_moves_commands.py": {"test_verify_python_side_with_a_cgsuite_transcript": HEAVY},
    "foundation/test_progress.py": {"test_solving_draws_one_line": HEAVY},
    "jobs/test_discover.py": {"test_seed003_parameter_classes_by_sweep": HEAVY,
                              "test_bench_case_finds_conjecture_8_1_on_the_benchmark_box": HEAVY,
                              "test_seed004_theorem_2_6_and_seed001_every_even_k_by_sweep": HEAVY},
    "jobs/test_discover_properties.py": {"test_everything_reported_rechecks": HEAVY},
    "presentation/test_notebook_views.py": {"test_views_render_in_a_kernel": ENGINE},
    "jobs/test_sweep.py": {"test_ctrl_c_on_a_local_cluster_sweep_is_one_line_and_leaves_no_process": HEAVY,
                           "test_worker_dying_once_is_retried": HEAVY,
                           "test_worker_dying_every_time_fails_only_that_cell": HEAVY,
                           "test_existing_scheduler": HEAVY,
                           "test_local_cluster_of_two_workers_equals_serial": HEAVY,
                           "test_unreachable_scheduler_is_a_clear_error": HEAVY},
    "solvers/test_claims_compiled.py": {"test_compiled_claims_equal_reference_on_catalog": HEAVY,
                                        "test_a_sweep_over_50_values_of_k_compiles_once": HEAVY},
    "solvers/test_moves_properties.py": {"test_fast_kernel_equals_reference_on_random_specs": HEAVY},
    "solvers/test_heaps.py": {"test_compiled_methods_equal_the_reference_on_random_codes": HEAVY,
                              "test_catalog_games_have_the_tabulated_values": HEAVY,
                              "test_dawsons_chess_code_0137": HEAVY},
    "solvers/test_periodicity.py": {"test_every_period_proved_on_a_prefix_holds_far_beyond_it": HEAVY,
                                    "test_kayles_period_12_from_71_as_oeis_states": HEAVY,
                                    "test_dawsons_kayles_period_34_from_53": HEAVY,
                                    "test_the_bound_is_inclusive_one_heap_short_is_not_a_proof": HEAVY},
    "systems/cgsuite/test_audit_cgscript.py": {"test_ex82_and_ex84_at_published_size": HEAVY,
                                               "test_bad_scripts_exit_2_without_traceback": HEAVY,
                                               "test_cli_dispatch_and_exit_codes": HEAVY,
                                               "test_cli_with_expect_files": HEAVY,
                                               "test_cli_port_of_the_class_alone": ENGINE},  # bwrap
}


#: The suite's longest tests (module::function; about 20-110 s of wall time each in a full
#: ``-n auto`` run, measured with a per-test processor-time log), started first in this order:
#: with ``--maxschedchunk 2`` (pyproject's addopts) xdist hands tests out in collection order, so
#: none of them is left to run alone at the end (the fresh-venv install, started last, once kept
#: one worker busy 100 s after the others had finished).
LONG_FIRST = (
    "jobs/test_prove_both.py::test_issue_50_reproducers_with_both_provers",
    "test_readme_shell.py::test_readme_install_line_runs_as_pasted",
    "systems/mathematica/test_audit_prelude.py::test_timeout_reports_output_so_far",  # sleeps 60 s
    "test_readme_shell.py::test_readme_shell_block_runs",
    "systems/mathematica/test_emitted_mathics.py::test_batch_ran",
    "solvers/test_moves_properties.py::test_fast_kernel_equals_reference_on_random_specs",
    "jobs/test_discover_properties.py::test_everything_reported_rechecks",
    "solvers/test_claims_compiled.py::test_compiled_claims_equal_reference_on_catalog",
    "systems/mathematica/test_audit_seeds.py::test_ex22_hexagon_agrees_at_published_size",
    "systems/test_sandbox.py::test_every_escape_attempt_is_stopped",
    "systems/mathematica/test_recursion_limit.py::test_mathics_takes_the_limit_only_with_the_variable",
    "solvers/test_kernel_properties.py::test_random_derived_specs_fast_equals_reference",
    "api/test_api.py::test_api_tour_script_runs",
    "systems/cgsuite/test_audit_cgscript.py::test_ex82_and_ex84_at_published_size",
    "api/test_api.py::test_every_readme_python_block_runs",
    "jobs/test_discover.py::test_seed003_parameter_classes_by_sweep",
)


def first_the_long(items) -> None:
    """Reorder ``items`` in place: the tests of :data:`LONG_FIRST` first, in its order, then the
    rest in collection order."""
    rank = {name: i for i, name in enumerate(LONG_FIRST)}

    items.sort(key=lambda item: rank.get("::".join(_where(item)), len(rank)))


def _where(item) -> tuple:
    """``(module path under tests/, test function name)`` of a collected item (no parameters)."""
    rel = Path(item.path).resolve().relative_to(TESTS_DIR).as_posix()
    return rel, getattr(item, "originalname", None) or item.name.partition("[")[0]


def module_category(rel: str) -> str | None:
    """The category of test module ``rel`` (a path under tests/, ``/``-separated), None if unlisted."""
    if rel in MODULES:
        return MODULES[rel]
    return next((cat for pat, cat in PATTERNS.items() if Path(rel).match(pat)), None)


def category(item) -> str:
    """``fast``, ``engine`` or ``heavy`` for one collected pytest item."""
    rel, name = _where(item)
    cat = module_category(rel)
    if cat != FAST:
        return cat or ENGINE
    if any(item.get_closest_marker(m) for m in ENGINE_MARKERS):
        return ENGINE
    if ENGINE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return ENGINE
    return TESTS.get(rel, {}).get(name, FAST)


def mark(items) -> None:
    """Add its category's marker (``fast``, ``engine`` or ``heavy``) to each item (conftest's
    collection hook)."""
    for item in items:
        item.add_marker(getattr(pytest.mark, category(item)))


def all_test_modules() -> list[str]:
    """Every ``test_*.py`` under tests/ (``/``-separated paths under tests/)."""
    return sorted(p.relative_to(TESTS_DIR).as_posix() for p in TESTS_DIR.rglob("test_*.py"))
