import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const REPLY = /* GraphQL */ `
  mutation ($input: ReplyToVisitInput!) {
    replyToVisit(input: $input) {
      answer
    }
  }
`;

const HISTORY = /* GraphQL */ `
  query ($orderId: Int!) {
    orderHistory(orderId: $orderId) {
      edges {
        node {
          kind
          actor {
            type
            name
          }
          changes {
            field
            before
            after
          }
        }
      }
    }
  }
`;

interface HistoryData {
  orderHistory: {
    edges: {
      node: {
        kind: string;
        actor: { type: string; name: string | null };
        changes: { field: string; before: string | null; after: string | null }[];
      };
    }[];
  };
}

/** Monday afternoon: the windows of Tuesday's visits are shown, so their customers may reply. */
const MONDAY_AFTERNOON = new Date('2026-11-23T14:00:00+01:00');

describe('audit trail of consumer replies', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: MONDAY_AFTERNOON.toISOString() } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  it('records each change of the reply with the consumer as actor, and nothing for a repeated answer', async () => {
    const visit = await createOrder(server.em(), {
      referenceNumber: 'REPLY-AUDIT-1',
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
    const token = tokensFor(server).consumer([visit]);
    const reply = async (input: Record<string, unknown>) => {
      const { body } = await server.graphql(
        REPLY,
        { input: { referenceNumber: 'REPLY-AUDIT-1', ...input } },
        { token },
      );
      expect(body.errors).toBeUndefined();
    };
    await reply({ answer: 'AT_HOME' });
    await reply({ answer: 'AT_HOME' });
    await reply({ accessNote: 'Bel <3B>' });
    await reply({ answer: 'CALL_ME', accessNote: '' });

    const { body } = await server.graphql<HistoryData>(HISTORY, { orderId: visit.id }, { token: adminToken });
    expect(body.errors).toBeUndefined();
    expect(body.data!.orderHistory.edges.map(({ node }) => node)).toEqual([
      {
        kind: 'CONSUMER_REPLIED',
        actor: { type: 'CONSUMER', name: null },
        changes: [
          { field: 'answer', before: 'AT_HOME', after: 'CALL_ME' },
          { field: 'accessNote', before: 'Bel &lt;3B&gt;', after: null },
        ],
      },
      {
        kind: 'CONSUMER_REPLIED',
        actor: { type: 'CONSUMER', name: null },
        changes: [{ field: 'accessNote', before: null, after: 'Bel &lt;3B&gt;' }],
      },
      {
        kind: 'CONSUMER_REPLIED',
        actor: { type: 'CONSUMER', name: null },
        changes: [{ field: 'answer', before: null, after: 'AT_HOME' }],
      },
    ]);
  });
});
