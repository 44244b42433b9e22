// Subscribed applications' receivers for the webhook benchmark: real HTTP servers on loopback, in a process of their
// own (the benchmark forks it and lets it run only on idle cores), counting the events that arrive by type. In production the
// receivers are other parties' machines; on a shared host they must not take the server's cores from its API.
// Usage: fork('webhook-receivers.mjs', [count]); it sends { urls } once listening, and { counts } (one per receiver)
// in answer to each 'counts' message.
import { createServer } from 'node:http';

const count = Number(process.argv[2] ?? 1);
const counts = [];
const urls = [];
for (let i = 0; i < count; i++) {
  const tally = { orderCreated: 0, other: 0 };
  counts.push(tally);
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const { type } = JSON.parse(Buffer.concat(chunks).toString());
      if (type === 'order.created') tally.orderCreated += 1;
      else tally.other += 1;
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  urls.push(`http://127.0.0.1:${server.address().port}/hooks`);
}
process.on('message', (message) => {
  if (message === 'counts') process.send({ counts });
});
// The benchmark ending (or failing) closes the channel: the receivers end with it.
process.on('disconnect', () => process.exit(0));
process.send({ urls });
