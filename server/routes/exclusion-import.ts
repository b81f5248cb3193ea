import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exclusionImportApi, exclusionImportFile } from '../../contract/exclusion-import';
import { currentUser } from '../auth/plugin';
import { readExclusionImportFile } from '../catalogue/exclusion-import-file';
import { applyExclusionImport, previewExclusionImport } from '../catalogue/exclusion-import';
import { HttpError } from '../errors';
import { implement } from './route';

const megabytes = exclusionImportFile.maxBytes / (1024 * 1024);

/**
 * Importing exclusions from a CSV file (contract/exclusion-import.ts): the file is the request body, taken as bytes
 * (text/csv only, at most `maxBytes`) and read by readExclusionImportFile, which refuses a bad file as a whole.
 * This plugin is encapsulated: its parser and its error texts apply to its own two routes only.
 */
const exclusionImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    exclusionImportFile.contentType,
    { parseAs: 'buffer', bodyLimit: exclusionImportFile.maxBytes },
    (_request, body, done) => done(null, body),
  );

  // Fastify's own refusals of the body, in words an operator can act on; every other error goes on to the app's handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new HttpError(413, `The file is larger than ${megabytes} MB: split it into smaller files.`);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new HttpError(415, `Send the file as CSV text (Content-Type: ${exclusionImportFile.contentType}).`);
    }
    throw error;
  });

  /** The file the request carries, read; a request without one is refused like an empty file. */
  const fileOf = (body: unknown) => readExclusionImportFile(Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  implement(app, exclusionImportApi, {
    preview: async (request) => previewExclusionImport(app.db, fileOf(request.body)),
    apply: async (request) => applyExclusionImport(app.db, app.notifier, { file: fileOf(request.body), userId: currentUser(request).id }),
  });
};

export default exclusionImportRoutes;
