import { endpointUrl } from '@hamkke/contract/endpoint';
import multipart from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  uploadEndpoint,
  deleteFileEndpoint,
  s3UrlEndpoint,
  uploadResponseSchema,
} from '@hamkke/contract/common/files';
import { errorBodySchema, successEnvelopeSchema } from '@hamkke/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { LOCAL_FILES_PREFIX } from '../../lib/storage.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { FilesService } from './files.service.ts';
import type { UploadLimits } from './upload-limits.service.ts';

export async function registerFilesRoutes(
  app: FastifyInstance,
  deps: { files: FilesService; uploadLimits: UploadLimits },
): Promise<void> {
  const { files, uploadLimits } = deps;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    // The one endpoint with a multipart body: listed with the others (docs, access matrix).
    app.endpoints.push(uploadEndpoint);
    scope.withTypeProvider<ZodTypeProvider>().post(
      endpointUrl(uploadEndpoint),
      {
        config: { auth: uploadEndpoint.auth },
        schema: {
          summary: uploadEndpoint.summary,
          tags: ['common'],
          consumes: ['multipart/form-data'],
          security: [{ bearerAuth: [] }],
          response: {
            200: successEnvelopeSchema(uploadResponseSchema),
            400: errorBodySchema,
            413: errorBodySchema,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
        await uploadLimits.admit(request.session!.userId);
        const part = await request.file();
        if (!part || part.fieldname !== UPLOAD_FIELD) {
          throw new AppError('VALIDATION_FAILED', 'A photo is required', [
            { path: UPLOAD_FIELD, message: 'is required' },
          ]);
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB');
        return { response: { data: await files.upload(request.session!.userId, bytes) } };
      },
    );
  });

  registerEndpoint(app, deleteFileEndpoint, ({ session, body }) => files.remove(session.userId, body.fileId));
  registerEndpoint(app, s3UrlEndpoint, ({ session, body }) => files.urlOf(session.userId, body.fileId));

  /** Local storage only: photos by their random server-made names (unguessable, so shareable by link). */
  app.get<{ Params: { key: string } }>(
    `${LOCAL_FILES_PREFIX}/:key`,
    { config: { auth: 'public' } },
    async (request, reply) => {
      const bytes = await files.readShowable(request.params.key);
      if (!bytes) throw new AppError('NOT_FOUND', 'No such file');
      // A photo's certification can be hidden at any moment (issue 46 L4): browsers keep it but ask
      // again each time (a 304 for the same name), and no shared cache keeps it at all.
      const etag = `"${request.params.key}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('x-content-type-options', 'nosniff')
        .type(request.params.key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
        .send(bytes);
    },
  );
}
