// The table's WebSocket: it says hello on opening, reconnects with a growing pause when it drops, and
// notices a server that vanished without closing the socket by its silence (a ping after PING_MS of
// quiet, closed after SILENCE_MS).
import { wsUrl } from '../api.js';

const PING_MS = 10_000;
const SILENCE_MS = 25_000;

/** Connect to a table: `hello()` is the first message, `onMessage(m)` gets each parsed message,
 * `onDrop()` is told when the connection is lost (a reconnection is then under way). */
export function openSocket(tableId, { hello, onMessage, onDrop }) {
  const c = { ws: null, closed: false, retry: 0, lastMsg: 0 };
  const send = (obj) => { if (c.ws && c.ws.readyState === 1) c.ws.send(JSON.stringify(obj)); };

  function connect() {
    const ws = new WebSocket(wsUrl(`/ws/tables/${encodeURIComponent(tableId)}`));
    c.ws = ws;
    ws.onopen = () => { c.retry = 0; c.lastMsg = Date.now(); ws.send(JSON.stringify(hello())); };
    ws.onmessage = (ev) => {
      if (c.closed) return; // left: a frame still in flight is not this page's any more
      c.lastMsg = Date.now();
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      onMessage(m);
    };
    ws.onclose = () => {
      if (c.ws !== ws) return;
      if (c.closed) return;
      onDrop();
      c.retry = Math.min(c.retry + 1, 5);
      setTimeout(() => { if (!c.closed && c.ws === ws) connect(); }, Math.min(4000, 250 * 2 ** c.retry));
    };
  }

  const heartbeat = setInterval(() => {
    const ws = c.ws;
    if (!ws || ws.readyState !== 1) return;
    if (Date.now() - c.lastMsg > SILENCE_MS) { ws.close(); return; }
    if (Date.now() - c.lastMsg > PING_MS) send({ type: 'ping' });
  }, PING_MS / 2);
  const onOffline = () => { if (c.ws) c.ws.close(); };
  window.addEventListener('offline', onOffline);
  connect();
  return {
    send,
    /** Stop reconnecting (the server refused the table or the token for good). */
    giveUp() { c.closed = true; },
    /** Leave the table: no more reconnection, heartbeat or listener. */
    close() {
      c.closed = true;
      clearInterval(heartbeat);
      window.removeEventListener('offline', onOffline);
      if (c.ws) c.ws.close();
    },
  };
}
