import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImportSetting } from '../../../server/imports/import-setting.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const DEFAULTS = [
  { time_between: '<10:00', time_to: '08:00/11:00' },
  { time_between: '10:00/12:00', time_to: '10:00/13:00' },
  { time_between: '12:00/14:00', time_to: '12:00/15:00' },
  { time_between: '>=14:00', time_to: '14:00/17:00' },
];

const SAVE = /* GraphQL */ `
  mutation Save($input: SaveImportSettingsInput!) {
    saveImportSettings(input: $input) {
      id
      timeBetween
      timeTo
    }
  }
`;

describe('import windows (settings)', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    const em = server.em();
    await em.nativeDelete(ImportSetting, {});
    // Stored out of order on purpose: the list must come back before, between, after.
    for (const { time_between, time_to } of [DEFAULTS[3], DEFAULTS[1], DEFAULTS[0], DEFAULTS[2]]) {
      em.create(ImportSetting, { timeBetween: time_between, timeTo: time_to });
    }
    await em.flush();
  });

  const legacyList = async () =>
    (await server.rest<{ id: number; time_between: string; time_to: string }[]>('GET', '/api/admin/imports', { token }))
      .body;

  it('lists the rules before, between, after (legacy GET /api/admin/imports)', async () => {
    const list = await legacyList();
    expect(list.map(({ time_between, time_to }) => ({ time_between, time_to }))).toEqual(DEFAULTS);
    expect(list.every((rule) => Number.isInteger(rule.id))).toBe(true);
  });

  it('edits one rule with POST /api/admin/imports/<id> when the day stays covered', async () => {
    const [, between] = await legacyList();
    const response = await server.rest('POST', `/api/admin/imports/${between.id}`, {
      token,
      form: { time_between: '10:00/12:00', time_to: '11:00/14:00' },
    });
    expect(response).toMatchObject({
      status: 200,
      body: { id: between.id, time_between: '10:00/12:00', time_to: '11:00/14:00' },
    });
    expect((await legacyList())[1].time_to).toBe('11:00/14:00');
  });

  it('refuses an edit that leaves a gap or overlaps, saying which rule, and keeps the old values', async () => {
    const [before] = await legacyList();
    const mutation =
      'mutation ($id: Int!, $input: ImportSettingInput!) { updateImportSetting(id: $id, input: $input) { id } }';
    const gap = await server.graphql(
      mutation,
      { id: before.id, input: { timeBetween: '<09:00', timeTo: '08:00/11:00' } },
      { token },
    );
    expect(gap.body.errors?.[0]).toMatchObject({
      message:
        "Geplande tijden van 09:00 tot 10:00 vallen onder geen enkele regel: de regel '10:00/12:00' sluit niet aan op de regel '<09:00'.",
      extensions: { code: 'IMPORT_SETTINGS_INVALID' },
    });
    const overlap = await server.graphql(
      mutation,
      { id: before.id, input: { timeBetween: '<11:00', timeTo: '08:00/11:00' } },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(overlap.body.errors?.[0].message).toBe(
      "La règle '10:00/12:00' chevauche la règle '<11:00'\u00a0: une heure prévue ne peut relever que d'une seule règle.",
    );
    const legacy = await server.rest('POST', `/api/admin/imports/${before.id}`, {
      token,
      form: { time_between: '<10:00', time_to: '8 tot 11' },
    });
    expect(legacy).toMatchObject({ status: 400, body: { message: 'IMPORT_SETTINGS_INVALID' } });
    expect((await legacyList()).map(({ time_between, time_to }) => ({ time_between, time_to }))).toEqual(DEFAULTS);
    expect(await server.rest('POST', '/api/admin/imports/99999', { token, form: DEFAULTS[0] })).toMatchObject({
      status: 404,
    });
  });

  it('saves a whole new set at once: changed, added and removed rules', async () => {
    const [before, between, , after] = await legacyList();
    const { body } = await server.graphql<{
      saveImportSettings: { id: number; timeBetween: string; timeTo: string }[];
    }>(
      SAVE,
      {
        input: {
          settings: [
            { id: after.id, timeBetween: '>=15:00', timeTo: '15:00/18:00' },
            { id: before.id, timeBetween: '<09:00', timeTo: '07:00/10:00' },
            { id: between.id, timeBetween: '09:00/12:00', timeTo: '09:00/12:00' },
            { timeBetween: '12:00/15:00', timeTo: '12:00/15:00' },
          ],
        },
      },
      { token },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.saveImportSettings.map(({ timeBetween, timeTo }) => `${timeBetween} ${timeTo}`)).toEqual([
      '<09:00 07:00/10:00',
      '09:00/12:00 09:00/12:00',
      '12:00/15:00 12:00/15:00',
      '>=15:00 15:00/18:00',
    ]);
    expect(await server.em().count(ImportSetting, {})).toBe(4);
  });

  it('refuses a set with problems, with one message per rule field, and changes nothing', async () => {
    const { body } = await server.graphql(
      SAVE,
      {
        input: {
          settings: [
            { timeBetween: '<10:00', timeTo: '08:00/11:00' },
            { timeBetween: '10:00/12:00', timeTo: '10:00/13:00' },
          ],
        },
      },
      { token },
    );
    expect(body.errors?.[0]).toMatchObject({
      message: "Geplande tijden vanaf 12:00 vallen onder geen enkele regel: eindig met een regel '>=12:00'.",
      extensions: { code: 'IMPORT_SETTINGS_INVALID', fields: [{ field: 'settings.1.timeBetween' }] },
    });
    expect(await server.em().count(ImportSetting, {})).toBe(4);
  });

  it('is for admins only', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    expect(await server.rest('GET', '/api/admin/imports', { token: technician })).toMatchObject({ status: 403 });
    expect(await server.rest('GET', '/api/admin/imports')).toMatchObject({ status: 401 });
  });
});
