import type { Readable } from 'node:stream';
import type { LegacyRequest } from '../legacy-values.js';
import type { AppContext } from '../../context.js';

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
  /** A GraphQL document with exactly one operation (and the fragments it spreads, once defined). */
  operation: string;
  /** Fragments the operation spreads, from the domains' mappers (`server/legacy/mappers/`). */
  fragments?: readonly string[];
  /** Legacy fields to GraphQL variables. */
  variables?: (request: LegacyRequest) => Record<string, unknown>;
  /** Status of a successful answer; 200 unless given. A function when the data decides (a union result). */
  status?: number | ((data: TData) => number);
  /** The call carries a file. */
  upload?: RestUpload;
  /**
   * The operation's service called without the GraphQL pipeline, for the busiest legacy calls: the data in the
   * operation's shape, from the same service and rules. A caller the operation's rule refuses never reaches it
   * (`roleRefusal`); it answers `undefined` for anything it does not take exactly as GraphQL would, and the call then
   * goes through GraphQL for its answer, so no refusal has a second home.
   */
  direct?: (context: AppContext, variables: Record<string, unknown>) => Promise<TData> | undefined;
  /**
   * `direct` checks a technician's session (token version, acting admin) in its own statement: the context then
   * carries the verified token as `technicianSession` instead of a viewer checked by a query of its own.
   */
  checksTechnicianSession?: boolean;
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

/** A GraphQL text without its common indentation and surrounding blank lines. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n+|\s+$/g, '').split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

/**
 * One row of the table, its operation and fragments joined into one document. `TData` is the
 * operation's result type generated from the schema (server/legacy/legacy-operations.generated.ts); the
 * table holds rows of many types, so the row is stored with its data type erased.
 */
export function defineRoute<TData>(route: RestRoute<TData>): RestRoute {
  const operation = [route.operation, ...(route.fragments ?? [])].map(dedent).join('\n\n');
  return { ...route, operation, fragments: undefined } as unknown as RestRoute;
}
