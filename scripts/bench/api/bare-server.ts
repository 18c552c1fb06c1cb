/**
 * The baseline: a bare Express 5 server answering the same JSON bodies from memory, with no
 * middleware. Run as its own process by the api bench; prints its port on stdout.
 */
import express from 'express';
import { readFileSync } from 'node:fs';

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, unknown>;
const app = express();
app.get('/api/stories/random', (_req, res) => {
  res.json(bodies.random);
});
app.get('/api/stories/:id', (_req, res) => {
  res.json(bodies.story);
});
app.get('/api/stories', (_req, res) => {
  res.json(bodies.feed);
});
app.post('/api/stories/:id/vote', (_req, res) => {
  res.json(bodies.vote);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
