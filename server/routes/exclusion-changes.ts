import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { currentUser } from '../auth/plugin';
import { undoExclusionChange } from '../catalogue/exclusion-undo';
import { implement } from './route';

/** Undoing an exclusion change (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): the operator's own, within the undo window. */
const exclusionChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, exclusionChangesApi, {
    undo: async (request) => undoExclusionChange(app.db, app.notifier, { changeId: request.params.id, userId: currentUser(request).id }),
  });
};

export default exclusionChangeRoutes;
