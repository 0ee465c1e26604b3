"""The online front end: `sabbat serve` (tables over HTTP and WebSocket) and the browser client.

Layers inside: `tables` is the authority over the `table` models (knows neither transport nor
storage), `store` keeps tables and their action logs in SQLite or PostgreSQL, `app` speaks HTTP
and WebSocket.
"""
