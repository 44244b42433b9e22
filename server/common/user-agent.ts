import { UAParser } from 'ua-parser-js';

const UNKNOWN = 'Unknown';
const NAME_LENGTH = 100;
/** Distinct user agents remembered: a handful of browser versions make most visits. */
const DESCRIBED_AGENTS = 500;

const described = new Map<string, { browser: string; os: string }>();

/**
 * Browser and operating system names, for the statistics charts and a staff member's devices ('Unknown' when the agent
 * does not say).
 */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  // Parsing an agent runs dozens of regular expressions (3-4 % of a lookup's CPU under load): remember answers.
  const known = described.get(userAgent);
  if (known) return known;
  const { browser, os } = UAParser(userAgent);
  const description = {
    browser: (browser.name || UNKNOWN).slice(0, NAME_LENGTH),
    os: (os.name || UNKNOWN).slice(0, NAME_LENGTH),
  };
  if (described.size >= DESCRIBED_AGENTS) described.delete(described.keys().next().value!);
  described.set(userAgent, description);
  return description;
}
