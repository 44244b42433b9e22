import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { refuseFieldProblems } from '../common/errors/common.errors.js';
import { scopeOfName, SCOPE_NAMES, type ApiScope } from '../common/auth/scope.js';
import type { ApplicationViewer } from '../common/auth/viewer.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import type { AppContext, AppServices } from '../context.js';
import { ApiClientError } from './api-client.errors.js';
import type { CreateApiClientInput, RotateApiClientKeyInput } from './api-client.inputs.js';
import { hashOfKey, issueKey, prefixOfKey } from './api-client-keys.js';
import type { ApiClient, ApiClientKeyPayload } from './api-client.types.js';
import {
  apiClientById,
  insertApiClient,
  keyHolder,
  listApiClients,
  markApiClientUsed,
  revokeApiClient,
  rotateApiClientKey,
  type ApiClientRow,
} from './repository/api-client.repository.js';

export const DEFAULT_REQUEST_BUDGET = 600;
export const DEFAULT_COST_BUDGET = 20_000;
const MAX_REQUEST_BUDGET = 10_000;
const MAX_COST_BUDGET = 1_000_000;
export const DEFAULT_OVERLAP_HOURS = 24;
export const MAX_OVERLAP_HOURS = 168;
const NAME_MAX_LENGTH = 100;

const toApiClient = (row: ApiClientRow): ApiClient => ({
  id: row.id,
  name: row.name,
  keyPrefixes: row.revoked_at ? [] : row.prefixes,
  scopes: row.scopes,
  countries: row.countries,
  requestBudget: row.request_budget,
  costBudget: row.cost_budget,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
});

const isInt4 = (value: number) => Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;

/** The applications integrators call with: created, listed, given a new key and revoked by admins. */
export class ApiClientService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<ApiClient[]> {
    return (await listApiClients(this.ctx.services, this.ctx.services.clock.now())).map(toApiClient);
  }

  async create(input: CreateApiClientInput): Promise<ApiClientKeyPayload> {
    const name = input.name.trim();
    const scopes = [...new Set(input.scopes.map((scope) => scopeOfName(scope.trim())))];
    const countries = [...new Set(input.countries)];
    const requestBudget = input.requestBudget ?? DEFAULT_REQUEST_BUDGET;
    const costBudget = input.costBudget ?? DEFAULT_COST_BUDGET;
    const problems: FieldProblem[] = [];
    if (name.length === 0 || name.length > NAME_MAX_LENGTH) {
      problems.push({ field: 'name', message: 'API_CLIENT_NAME_INVALID' });
    }
    if (scopes.length === 0 || scopes.includes(undefined)) {
      problems.push({ field: 'scopes', message: 'API_CLIENT_SCOPES_INVALID' });
    }
    if (countries.length === 0) problems.push({ field: 'countries', message: 'API_CLIENT_COUNTRIES_INVALID' });
    if (!(requestBudget >= 1 && requestBudget <= MAX_REQUEST_BUDGET)) {
      problems.push({ field: 'requestBudget', message: 'API_CLIENT_BUDGET_INVALID' });
    }
    if (!(costBudget >= 1 && costBudget <= MAX_COST_BUDGET)) {
      problems.push({ field: 'costBudget', message: 'API_CLIENT_BUDGET_INVALID' });
    }
    refuseFieldProblems(problems);
    const now = this.ctx.services.clock.now();
    const issued = issueKey();
    const viewer = this.ctx.viewer;
    const id = await insertApiClient(this.ctx.services, {
      name,
      scopes: scopes.flatMap((scope) => (scope ? [SCOPE_NAMES[scope]] : [])),
      countries,
      requestBudget,
      costBudget,
      adminId: viewer?.role === Role.ADMIN ? viewer.adminId : null,
      prefix: issued.prefix,
      keyHash: issued.hash,
      now,
    });
    return { apiClient: await this.byId(id), key: issued.key };
  }

  async rotate(input: RotateApiClientKeyInput): Promise<ApiClientKeyPayload> {
    const overlapHours = input.overlapHours ?? DEFAULT_OVERLAP_HOURS;
    if (!(Number.isInteger(overlapHours) && overlapHours >= 0 && overlapHours <= MAX_OVERLAP_HOURS)) {
      refuseFieldProblems([{ field: 'overlapHours', message: 'API_CLIENT_OVERLAP_INVALID' }]);
    }
    if (!isInt4(input.id)) throw new AppError(ApiClientError.API_CLIENT_NOT_FOUND);
    const now = this.ctx.services.clock.now();
    const issued = issueKey();
    const rotated = await rotateApiClientKey(this.ctx.services, {
      id: input.id,
      prefix: issued.prefix,
      keyHash: issued.hash,
      oldKeysUntil: new Date(now.getTime() + overlapHours * 3_600_000),
      now,
    });
    if (!rotated) throw new AppError(ApiClientError.API_CLIENT_NOT_FOUND);
    return { apiClient: await this.byId(input.id), key: issued.key };
  }

  async revoke(id: number): Promise<ApiClient> {
    if (!isInt4(id) || !(await revokeApiClient(this.ctx.services, id, this.ctx.services.clock.now()))) {
      throw new AppError(ApiClientError.API_CLIENT_NOT_FOUND);
    }
    return this.byId(id);
  }

  private async byId(id: number): Promise<ApiClient> {
    const row = await apiClientById(this.ctx.services, id, this.ctx.services.clock.now());
    if (!row) throw new AppError(ApiClientError.API_CLIENT_NOT_FOUND);
    return toApiClient(row);
  }
}

/**
 * The application whose key this is, as the caller of a request; null for a key that is malformed, unknown,
 * revoked or past its rotation's overlap. Marks the application used (at most one write a minute).
 */
export async function applicationOfKey(
  token: string,
  services: Pick<AppServices, 'plainStatements' | 'clock'>,
): Promise<ApplicationViewer | null> {
  const prefix = prefixOfKey(token);
  if (!prefix) return null;
  const now = services.clock.now();
  const row = await keyHolder(services, prefix, hashOfKey(token), now);
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= 60_000) {
    await markApiClientUsed(services, row.id, now);
  }
  return {
    role: Role.ADMIN,
    adminId: null,
    application: {
      id: row.id,
      name: row.name,
      scopes: new Set(row.scopes.flatMap((name) => scopeOfName(name) ?? []) as ApiScope[]),
      countries: row.countries.filter((country) => country === Country.NL || country === Country.BE),
      requestBudget: row.request_budget,
      costBudget: row.cost_budget,
    },
  };
}

/** Refuses an application's write of an order in a country it was not given (staff write any). */
export function assertCountryAllowed(ctx: Pick<AppContext, 'viewer'>, country: Country): void {
  const application = ctx.viewer?.application;
  if (application && !application.countries.includes(country)) {
    throw new AppError(ApiClientError.API_CLIENT_COUNTRY_NOT_ALLOWED, { params: { country } });
  }
}
