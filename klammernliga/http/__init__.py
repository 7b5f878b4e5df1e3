"""Serving pages over HTTP: the page cache and its file store, the middleware that answers from
it, compression, and the client's address behind the reverse proxy. Nothing here writes to the
league."""
