// Stands in for the analytics collector at ANALYTICS_FORWARD_URL. It refuses every event until
// told to accept, so the first attempts fail and the instances' retry job has to deliver them.
import http from 'node:http';

export async function startAnalyticsReceiver() {
  let accepting = false;
  /** Every delivery, in order: the event's id (the cluster's own property) and how it was answered. */
  const deliveries = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let id = null;
      try {
        id = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.properties?.clusterEventId ?? null;
      } catch {
        // Not JSON: recorded without an id.
      }
      deliveries.push({ id, accepted: accepting });
      res.writeHead(accepting ? 200 : 503, { 'content-type': 'text/plain' });
      res.end(accepting ? 'ok' : 'not now');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/events`,
    deliveries,
    accept() {
      accepting = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
