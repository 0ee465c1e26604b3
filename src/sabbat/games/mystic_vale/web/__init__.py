"""Mystic Vale in the browser, loaded only by front ends: `renderer.js` draws the board (an ES
module), `style.css` styles it and `en.json`/`ja.json` hold its browser messages; the server serves
them under /static/games/mystic_vale/."""
