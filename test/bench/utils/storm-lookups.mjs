// The storm's consumers looking up their visit and opening their personal links, at a steady rate, evenly paced and
// open loop (paced-load.mjs), in a process of their own: in the storm's process, which also receives every mail and
// SMS and reads every open page's stream, the lookups' timing waited for that work (its event loop lagged up to
// 0.4 s) and charged it to the servers.
//
// Forked with IPC. Told `{ start: { url, rate, orders, durationSeconds, warmUpSeconds, ca } }` (ca: the certificates
// to trust; the requests of the first warmUpSeconds are not measured), then `{ links: [token…] }` as SMS with personal
// links arrive (every fifth request opens one once there are any), and `{ stop: true }`; sends `measuring` when the
// first measured request is due and `{ result }` when the requests due before the stop are answered.
import { pacedLoad, requestBytes } from './paced-load.mjs';

const LOOK_UP = `mutation StormLookUp($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } }`;
const OPEN_LINK = `mutation StormOpenLink($token: String!) { openPersonalLink(token: $token) { __typename } }`;
const HEADERS = { 'content-type': 'application/json' };

/** Connections to the balancer: enough that requests do not queue behind one another at the rate, bounded. */
const connectionsFor = (rate) => Math.min(64, Math.max(8, Math.ceil(rate / 10)));

const links = [];
let linksOpened = 0;
let stop;
const stopped = new Promise((resolve) => (stop = resolve));

// The storm's process gone (a run cut short): nothing more to measure for.
process.on('disconnect', () => process.exit(1));

process.on('message', async (message) => {
  if (message.links) links.push(...message.links);
  if (message.stop) stop();
  if (!message.start) return;
  const { url, rate, orders, durationSeconds, warmUpSeconds, ca } = message.start;
  const target = new URL(`${url}/graphql`);
  const body = (query, variables) => requestBytes(target, 'POST', HEADERS, JSON.stringify({ query, variables }));
  const requestFor = (n) => {
    if (n % 5 === 0 && links.length > 0) {
      linksOpened += 1;
      return body(OPEN_LINK, { token: links[n % links.length] });
    }
    // The day's orders in turn: STORM-g lives at (1000 + g / 100)AB, house number g % 100 + 1.
    const g = (n % orders) + 1;
    const input = { country: 'NL', zipcode: `${1000 + Math.floor(g / 100)}AB`, houseNumber: String((g % 100) + 1) };
    return body(LOOK_UP, { input });
  };
  const result = await pacedLoad(
    {
      url: target.href,
      method: 'POST',
      headers: HEADERS,
      connections: connectionsFor(rate),
      windowSeconds: 5,
      warmUpSeconds,
      durationSeconds,
      rate,
      ca,
    },
    stopped,
    () => process.send('measuring'),
    requestFor,
  );
  process.send({ result: { ...result, linksOpened } }, () => process.exit(0));
});
