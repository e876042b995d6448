"""Layer 6, presentation: text, HTML, figures and tables rendered from results (:mod:`.report_html`,
:mod:`.plot`, :mod:`.plot_sweep`, :mod:`.tables`, :mod:`.display`, :mod:`.explore`); templates in
``templates/``."""
