import type { Readable } from 'node:stream';
import type { AppContext } from '../context.js';

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
 * A legacy call that hands over a file: as a multipart field (any of `fields`) or as the raw body
 * (one of `rawMediaTypes`). The shim passes it to the operation as the `Upload` variable `variable`,
 * streamed, never read whole; the upload limits of config.ts apply.
 */
export interface RestUpload {
  variable: string;
  fields: readonly string[];
  rawMediaTypes: readonly string[];
}

/** A file a legacy call answers with: streamed to the caller, named in Content-Disposition. */
export interface RestFile {
  fileName: string;
  contentType: string;
  /** Opens the stream with the request's context (the operation has already checked the caller). */
  open: (context: AppContext) => Readable;
}

interface RestRouteBase<TData> {
  method: HttpMethod;
  /** Express 5 path, e.g. `/api/admin/technicians{/:search}`. */
  path: string;
  /** A GraphQL document with exactly one operation. */
  operation: string;
  /** Legacy fields to GraphQL variables. */
  variables?: (request: LegacyRequest) => Record<string, unknown>;
  /** Status of a successful answer; 200 unless given. A function when the data decides (a union result). */
  status?: number | ((data: TData) => number);
  /** The call carries a file. */
  upload?: RestUpload;
}

/**
 * One row of the REST shim: a legacy (method, path) answered by one GraphQL operation against the
 * same schema, so auth, validation and rules exist once and legacy callers see what integrators see.
 * The row answers with JSON (`respond`) or with a streamed file (`file`).
 */
export type RestRoute<TData = Record<string, unknown>> = RestRouteBase<TData> &
  (
    | {
        /** GraphQL data to the legacy JSON body. */
        respond: (data: TData, request: LegacyRequest, environment: RestEnvironment) => unknown;
        file?: undefined;
      }
    | {
        /** GraphQL data to the file to stream. */
        file: (data: TData, request: LegacyRequest) => RestFile;
        respond?: undefined;
      }
  );

/** Keeps each row's data type while the table holds rows of many types. */
export function defineRoute<TData>(route: RestRoute<TData>): RestRoute {
  return route as unknown as RestRoute;
}

/**
 * A legacy body value as text ('' when absent). Forms send strings (a list when a field repeats), JSON
 * bodies numbers and booleans too; any other JSON stays JSON text, which then fails the field's checks.
 */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A legacy form field as a trimmed string ('' when absent). */
export function field(request: LegacyRequest, name: string): string {
  return textOf(request.body[name]).trim();
}
