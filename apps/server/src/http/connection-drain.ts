import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long open connections get to finish their requests before the server closes them. */
const DRAIN_LIMIT_MS = 3_000;
/** A connection idle this long is not about to carry a request, so closing it races with none. */
const IDLE_ENOUGH_MS = 1_000;

/**
 * Keep-alive connections make closing racy: a connection closed while idle may be the one a client
 * is sending its next request on, and that request is lost to a reset. So, while draining, the
 * server stops accepting connections (new clients are refused, and a proxy tries another
 * instance), answers every request on an open connection with `Connection: close`, and waits
 * until each connection has ended or has stayed idle long enough that no request is on its way.
 */
export function trackConnections(server: Server) {
  /** Per open connection: the answers in progress, and since when it has had none. */
  const open = new Map<Socket, { answering: Set<ServerResponse>; idleSince: number }>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    open.set(socket, { answering: new Set(), idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  // Before Fastify's own listener, so the header is in place before anything is written.
  server.prependListener('request', (request, response) => {
    if (draining) response.setHeader('connection', 'close');
    const state = open.get(request.socket);
    if (!state) return;
    state.answering.add(response);
    response.once('close', () => {
      state.answering.delete(response);
      if (state.answering.size === 0) state.idleSince = Date.now();
    });
  });

  const settled = () => {
    const now = Date.now();
    return [...open.values()].every(
      (state) => state.answering.size === 0 && now - state.idleSince >= IDLE_ENOUGH_MS,
    );
  };

  return {
    async drain(): Promise<void> {
      draining = true;
      // Only the listening socket: http.Server#close would also drop idle connections at once.
      NetServer.prototype.close.call(server);
      // Answers already under way close their connection too, rather than leave it idle.
      for (const state of open.values()) {
        for (const response of state.answering) {
          if (!response.headersSent) response.setHeader('connection', 'close');
        }
      }
      const deadline = Date.now() + DRAIN_LIMIT_MS;
      while (!settled() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
