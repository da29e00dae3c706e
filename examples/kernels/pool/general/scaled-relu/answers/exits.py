# An answer that kills its own process while loading: the harness never gets to print a result.
import os

os._exit(7)
