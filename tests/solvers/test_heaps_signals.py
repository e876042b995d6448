"""A long solve of a take-and-break game stops on SIGTERM (issue 46's rule: as Ctrl-C) between two
calls of the compiled kernel (issue 49's direct method, O(N^2))."""

from __future__ import annotations


def test_sigterm_stops_a_long_direct_solve_within_a_chunk(tmp_path):
    """SIGTERM (issue 46: as Ctrl-C) reaches a solve of a take-and-break game between two calls of
    the compiled kernel. The direct kernel ran in 16 chunks, so at heap 12,000,000 even the first one
    held minutes of work (heaps up to 750,000: 1.4e11 pair reads) and ``timeout 5`` saw the process compute on after "terminated"; chunks
    of about 2e8 pair reads stop it within a second or two (exit 128 + 15)."""
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "cgs_bridge.cli.main", "solve", "grundys_game",
                             "--bound", "12000000", "--method", "direct", "--yes", "-o",
                             str(tmp_path / "g.csv")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(8)                    # start-up, compilation, then well into the O(N^2) heaps
    assert proc.poll() is None, proc.communicate()
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 143 and time.monotonic() - t0 < 20
