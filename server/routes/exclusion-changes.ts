import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { currentUser } from '../auth/plugin';
import { undoExclusionChange } from '../catalogue/exclusion-undo';
import { route } from './route';

/** Undoing an exclusion change (issue 14 point 4): the operator's own, within the undo window. */
const exclusionChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, exclusionChangesApi.undo, async (request) =>
    undoExclusionChange(app.db, app.notifier, { changeId: request.params.id, userId: currentUser(request).id }),
  );
};

export default exclusionChangeRoutes;
