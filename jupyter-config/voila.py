# Loaded by ./kit lessons and ./kit voila (JUPYTER_CONFIG_PATH): kernel messages reach the
# browser without Nagle's delay; see paleowidgets/widgets/nodelay.py and benchmarks/README.md.
import paleowidgets.widgets.nodelay as nodelay

nodelay.install()

# Each Voila page has a kernel of its own. Closing a tab asks Voila to shut it down, but that
# request is often lost (a browser killed, a laptop shut, a network gone: voila issue #1458),
# and a class of 30 on one machine cannot keep every lost kernel. The server shuts down a
# kernel that has had no page connected and nothing to do for 10 minutes (it checks every
# minute); a page still open keeps its kernel however long its pupil thinks (cull_connected
# stays False), and the game itself is saved after every turn (paleowidgets.core.saves).
c = get_config()  # noqa: F821 (the name traitlets gives a config file)
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
