"""The site's configuration: settings, the URL map and the WSGI and ASGI entry points, apart
from the league's records, its write side and what serves HTTP."""
