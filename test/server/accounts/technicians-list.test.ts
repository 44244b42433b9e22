import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('technician list and search', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { BRAND: 'acme' } });
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    await createTechnician(em, {
      firstname: 'Jan',
      lastname: 'de Vries',
      email: 'jan@example.test',
      personalNumber: 'N100',
    });
    await createTechnician(em, {
      firstname: 'Anna',
      lastname: 'Smit',
      email: 'anna@example.test',
      personalNumber: 'N200',
    });
    await createTechnician(em, {
      firstname: 'Piet_x',
      lastname: 'Bakker',
      email: 'piet@example.test',
      personalNumber: 'N300',
    });
  });
  afterAll(() => server.stop());

  const names = async (search?: string) => {
    const { body } = await server.graphql<{ technicians: { firstname: string }[] }>(
      'query ($search: String) { technicians(search: $search) { firstname } }',
      { search },
      { token },
    );
    return body.data!.technicians.map((technician) => technician.firstname);
  };

  it('lists all technicians by first name', async () => {
    expect(await names()).toEqual(['Anna', 'Jan', 'Piet_x']);
  });

  it('finds by part of the name, the full name, the e-mail or the personal number, ignoring case', async () => {
    expect(await names('vries')).toEqual(['Jan']);
    expect(await names('jan de vries')).toEqual(['Jan']);
    expect(await names('ANNA@')).toEqual(['Anna']);
    expect(await names('n300')).toEqual(['Piet_x']);
    expect(await names('nobody')).toEqual([]);
  });

  it('searches % and _ literally', async () => {
    expect(await names('_x')).toEqual(['Piet_x']);
    expect(await names('%')).toEqual([]);
  });

  it('answers the legacy call with <brand>_identifier, starting_time and last_online', async () => {
    const { status, body } = await server.rest<Record<string, unknown>[]>('GET', '/api/admin/technicians/smit', {
      token,
    });
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: expect.any(Number),
        firstname: 'Anna',
        lastname: 'Smit',
        email: 'anna@example.test',
        acme_identifier: 'N200',
        starting_time: 8,
        last_online: null,
      },
    ]);
    const all = await server.rest<unknown[]>('GET', '/api/admin/technicians', { token });
    expect(all.body).toHaveLength(3);
  });
});
