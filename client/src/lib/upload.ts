import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print, type FormattedExecutionResult } from 'graphql';
import type { Language } from '../i18n/locale';
import { readToken, type TokenKind } from './storage';
import { readXsrfToken } from './xsrf';

export interface UploadOptions {
  /** Which stored token to send (the area's role). */
  token: TokenKind;
  language: Language;
  /** Bytes sent so far and in total, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one GraphQL operation with a file as a GraphQL multipart request (what graphql-upload reads).
 * XMLHttpRequest rather than fetch or the Apollo link: only it reports upload progress. The same
 * headers as the area's Apollo client, plus `Apollo-Require-Preflight` for Apollo's CSRF prevention.
 * Resolves with the data; rejects with CombinedGraphQLErrors (server errors) or an Error (network).
 */
export function uploadOperation<
  TData,
  TVariables extends OperationVariables,
  TFileVariable extends keyof TVariables & string,
>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: Omit<TVariables, TFileVariable>,
  fileVariable: TFileVariable,
  file: File,
  options: UploadOptions,
): Promise<TData> {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({ query: print(document), variables: { ...variables, [fileVariable]: null } }),
  );
  body.append('map', JSON.stringify({ 0: [`variables.${fileVariable}`] }));
  body.append('0', file, file.name);

  return new Promise<TData>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/graphql');
    request.withCredentials = true;
    const token = readToken(options.token);
    const xsrf = readXsrfToken();
    request.setRequestHeader('accept-language', options.language);
    request.setRequestHeader('apollo-require-preflight', 'true');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    if (xsrf) request.setRequestHeader('x-xsrf-token', xsrf);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      let result: FormattedExecutionResult<TData>;
      try {
        result = JSON.parse(request.responseText) as FormattedExecutionResult<TData>;
      } catch {
        reject(new Error(`Upload failed with status ${request.status}`));
        return;
      }
      if (result.errors?.length || !result.data) reject(new CombinedGraphQLErrors(result));
      else resolve(result.data);
    });
    request.addEventListener('error', () => reject(new Error('Network error during upload')));
    request.addEventListener('abort', () => reject(new Error('Upload aborted')));
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}

/** A random UUID, also where crypto.randomUUID is missing (it needs a secure context). */
export function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
