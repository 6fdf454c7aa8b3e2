"""Play and explore in the browser: a Starlette server (:mod:`grundy.web.server`) and its page."""
