/** What a legacy call brings: form or JSON fields, path parameters and the query string. */
export interface LegacyRequest {
  body: Record<string, unknown>;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
}

/** Server facts a response mapping may need (e.g. the brand in `<brand>_identifier`). */
export interface RestEnvironment {
  brand: string;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * One row of the REST shim: a legacy (method, path) answered by one GraphQL operation against the
 * same schema, so auth, validation and rules exist once and legacy callers see what integrators see.
 */
export interface RestRoute<TData = Record<string, unknown>> {
  method: HttpMethod;
  /** Express 5 path, e.g. `/api/admin/technicians{/:search}`. */
  path: string;
  /** A GraphQL document with exactly one operation. */
  operation: string;
  /** Legacy fields to GraphQL variables. */
  variables?: (request: LegacyRequest) => Record<string, unknown>;
  /** GraphQL data to the legacy JSON body. */
  respond: (data: TData, request: LegacyRequest, environment: RestEnvironment) => unknown;
  /** Status of a successful answer; 200 unless given. */
  status?: number;
}

/** Keeps each row's data type while the table holds rows of many types. */
export function defineRoute<TData>(route: RestRoute<TData>): RestRoute {
  return route as unknown as RestRoute;
}

/** A legacy form field as a trimmed string ('' when absent). */
export function field(request: LegacyRequest, name: string): string {
  const value = request.body[name];
  if (value === undefined || value === null) return '';
  return (typeof value === 'string' ? value : String(value)).trim();
}
