import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionsApi } from '../../contract/transactions';
import { currentUser } from '../auth/plugin';
import { transactionsCsv } from '../tokens/transactions-csv';
import { listTransactions } from '../tokens/transactions';
import { sendCsv } from '../export/send-csv';
import { implement } from './route';

/** The operator's statement (docs/decisions/0008-money-and-runs-in-sight.md): their own ledger rows, a page at a time or all of them as CSV. */
const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, transactionsApi, {
    list: async (request) => listTransactions(app.db, currentUser(request).id, request.query),
    export: async (request, reply) => {
      const csv = transactionsCsv(app.db, currentUser(request).id, request.query);
      return sendCsv(reply, 'transactions', csv);
    },
  });
};

export default transactionRoutes;
