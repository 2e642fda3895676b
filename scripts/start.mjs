// `npm start`: build the web app and the server when the build is missing or stale, then run the
// server, which migrates the database and serves everything on http://localhost:3000 (PORT).
import { buildIfStale } from './build-stamp.mjs';

buildIfStale();
await import('../apps/server/dist/main.js');
