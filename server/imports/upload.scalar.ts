import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import Upload from 'graphql-upload/Upload.mjs';

/** An upload whose file may still be on its way; awaiting `file` fails when it never arrives. */
export interface PendingUpload {
  readonly file: Promise<FileUpload>;
}

/**
 * graphql-upload's `Upload` scalar, with one difference: the value is wrapped instead of being the
 * promise itself. type-graphql awaits promise-valued arguments before the resolver runs, so a file
 * that never arrives (missing part, client gone) would surface as a masked 500; wrapped, the import
 * service turns it into a clear error. Values come from server/common/http/graphql-uploads.ts (GraphQL
 * multipart requests) or from the REST shim (server/legacy/rest/rest-upload.ts).
 */
export const UploadScalar = new GraphQLScalarType<PendingUpload, never>({
  name: 'Upload',
  description:
    'A file sent as a part of a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec).',
  parseValue(value) {
    if (value instanceof Upload) return { file: value.promise };
    throw new GraphQLError('Upload value invalid.');
  },
  parseLiteral(node) {
    throw new GraphQLError('Upload literal unsupported.', { nodes: node });
  },
  serialize() {
    throw new GraphQLError('Upload serialization unsupported.');
  },
});
