# Loaded by ./kit lessons and ./kit voila (JUPYTER_CONFIG_PATH): kernel messages reach the
# browser without Nagle's delay; see paleowidgets/widgets/nodelay.py and benchmarks/README.md.
import paleowidgets.widgets.nodelay as nodelay

nodelay.install()
