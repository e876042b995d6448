"""What the bench cases of the systems' folders (:class:`~cgs_bridge.systems.base.BenchCase`) use of
the jobs' layer, handed to them as an argument: a system sits below the jobs (docs/ARCHITECTURE.md,
layers), so its case imports none of them."""

from __future__ import annotations

from types import SimpleNamespace


def services() -> SimpleNamespace:
    """``generate_files`` (:func:`cgs_bridge.jobs.generate.generate_files`), ``compare_table``
    (:func:`cgs_bridge.jobs.compare.compare_table`), ``run_verify``
    (:func:`cgs_bridge.jobs.verify.run_verify`)."""
    from cgs_bridge.jobs import compare, generate, verify
    return SimpleNamespace(generate_files=generate.generate_files, compare_table=compare.compare_table,
                           run_verify=verify.run_verify)
