import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewApi } from '../../contract/review';
import { currentUser } from '../auth/plugin';
import { decideReview } from '../review/decisions';
import { listReviewItems } from '../review/queue';
import { reviewStats } from '../review/stats';
import { reviewSummary } from '../review/summary';
import { implement } from './route';

/** The review queue (docs/decisions/0025-review-of-generated-items.md): its items, the reviewer's day, decisions, stats. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, reviewApi, {
    items: async (request) => listReviewItems(app.db, request.query),
    summary: async (request) => reviewSummary(app.db, currentUser(request).id),
    decide: async (request) => decideReview(app.db, app.notifier, { ...request.body, userId: currentUser(request).id }),
    stats: async () => reviewStats(app.db),
  });
};

export default reviewRoutes;
